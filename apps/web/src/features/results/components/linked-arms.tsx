import type { CampaignElement } from '@kindling/domain';
import { elementName, variantName } from '../../../lib/campaign-names';
import styles from './combinations-table.module.css';

const contentOf = (info: ({ value: string } | { src: string }) & { hidden?: true }) =>
  info.hidden ? 'nothing (hidden)' : 'src' in info ? 'its image' : `“${info.value}”`;

/**
 * Elements changed together (issue 35): what each whole-page arm shows, element by element.
 * An element with fewer variants than the first keeps its original in the arms past its last.
 */
export function LinkedArms({ elements }: { elements: readonly CampaignElement[] }) {
  const [lead] = elements;
  if (!lead) return null;
  const arms = [null, ...lead.variants.map((_, position) => position)];
  return (
    <section className={styles.section} data-testid="linked-arms">
      <h3 className={styles.title}>What each arm shows</h3>
      <p className={styles.text}>
        These elements change together, so every visitor saw one of these whole pages; the table
        above compares them.
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Arm</th>
              {elements.map((element, index) => (
                <th key={element.id} scope="col">
                  {elementName(element, index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {arms.map((position) => (
              <tr key={position ?? 'original'} data-testid="linked-arm">
                <th scope="row">{position === null ? 'Original' : variantName(position)}</th>
                {elements.map((element) => {
                  const variant = position === null ? undefined : element.variants[position];
                  return (
                    <td key={element.id}>
                      {variant
                        ? contentOf(variant.info)
                        : `Original ${contentOf(element.control.info)}`}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
