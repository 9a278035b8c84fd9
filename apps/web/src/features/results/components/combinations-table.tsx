import type { CampaignElement } from '@kindling/domain';
import clsx from 'clsx';
import { formatCount, formatShare } from '../../../lib/format';
import { useCombinations } from '../hooks/use-combinations';
import { combinationLines } from '../state/combination-rows';
import styles from './combinations-table.module.css';

/**
 * Each element on its own (multivariate, issue 35): the pages visitors actually got, since the
 * start. The per-element tables above are each element's main effect; this table is for
 * reading which pages did well, not a verdict (many combinations, few visitors each).
 */
export function CombinationsTable({
  team,
  campaignId,
  elements,
}: {
  team: string;
  campaignId: number;
  elements: readonly CampaignElement[];
}) {
  const answer = useCombinations(team, campaignId);
  if (!answer.data || answer.data.combinations.length === 0) return null;
  const lines = combinationLines(elements, answer.data);
  return (
    <section className={styles.section} data-testid="combinations">
      <h3 className={styles.title}>Pages visitors got</h3>
      <p className={styles.text}>
        Each element is tested on its own, so visitors got these combinations. The tables above give
        each element’s own effect and verdict; this one shows which whole pages converted, since the
        start, for reading rather than deciding.
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {lines[0]!.shown.map((part) => (
                <th key={part.element} scope="col">
                  {part.element}
                </th>
              ))}
              <th scope="col">Visitors</th>
              <th scope="col">Converted</th>
              <th scope="col">Rate</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr
                key={line.key}
                className={clsx(line.allOriginal && styles.original)}
                data-testid="combination"
              >
                {line.shown.map((part) => (
                  <td key={part.element}>{part.arm}</td>
                ))}
                <td>{formatCount(line.visitors)}</td>
                <td>{formatCount(line.converted)}</td>
                <td>{formatShare(line.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {answer.data.more > 0 ? (
        <p className={styles.text}>
          And {formatCount(answer.data.more)} less visited combinations.
        </p>
      ) : null}
    </section>
  );
}
