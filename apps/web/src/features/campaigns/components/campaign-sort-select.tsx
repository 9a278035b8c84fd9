import { useId } from 'react';
import { CAMPAIGN_SORTS, type CampaignSort } from '../state/sort-campaigns';
import styles from './campaign-sort-select.module.css';

/** The list's order: a labelled native select, so keyboards and screen readers know it. */
export function CampaignSortSelect({
  value,
  onChange,
}: {
  value: CampaignSort;
  onChange: (sort: CampaignSort) => void;
}) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.label}>
        Sort by
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        data-testid="campaign-sort"
        onChange={(event) =>
          onChange(CAMPAIGN_SORTS.find((sort) => sort.value === event.target.value)!.value)
        }
      >
        {CAMPAIGN_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </select>
    </div>
  );
}
