import { useId } from 'react';
import {
  CAMPAIGN_STATUS_FILTERS,
  type CampaignStatusFilter,
} from '../state/campaign-status-filter';
import styles from './campaign-sort-select.module.css';

/** Which campaigns the list shows: a labelled native select, like the order beside it. */
export function CampaignStatusSelect({
  value,
  onChange,
}: {
  value: CampaignStatusFilter;
  onChange: (filter: CampaignStatusFilter) => void;
}) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.label}>
        Show
      </label>
      <select
        id={id}
        className={styles.select}
        value={value.value}
        data-testid="campaign-status-filter"
        onChange={(event) =>
          onChange(CAMPAIGN_STATUS_FILTERS.find((filter) => filter.value === event.target.value)!)
        }
      >
        {CAMPAIGN_STATUS_FILTERS.map((filter) => (
          <option key={filter.value} value={filter.value}>
            {filter.label}
          </option>
        ))}
      </select>
    </div>
  );
}
