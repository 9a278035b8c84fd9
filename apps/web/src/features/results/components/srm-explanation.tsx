import { formatCount, formatShare } from '../../../lib/format';
import type { ElementRows } from '../state/element-rows';
import styles from './srm-explanation.module.css';

/**
 * Under a sample ratio mismatch: the API's sentence saying where it sits, and each named
 * segment's share of every arm's new visitors (the API's figures, shown as they are).
 */
export function SrmExplanationPanel({ element }: { element: ElementRows }) {
  const explanation = element.srmExplanation;
  if (!explanation) return null;
  const labels = element.rows.map((row) => row.label);
  return (
    <div className={styles.panel} data-testid={`srm-explanation-${element.id}`}>
      <p className={styles.title}>
        {explanation.explained ? 'Where the mismatch sits' : 'No single segment explains it'}
      </p>
      <p className={styles.summary} data-testid={`srm-explanation-summary-${element.id}`}>
        {explanation.summary}
      </p>
      {explanation.segments.length > 0 ? (
        <div className={styles.tableWrap}>
          <p className={styles.note}>
            Each arm’s share of its new visitors, their number in brackets
          </p>
          <table className={styles.table}>
            <caption className="visually-hidden">
              Each segment’s share of every arm’s new visitors
            </caption>
            <thead>
              <tr>
                <th scope="col">Segment</th>
                {labels.map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {explanation.segments.map((segment) => (
                <tr key={`${segment.dimension}:${segment.value}`}>
                  <th scope="row">{segment.label}</th>
                  {labels.map((label, a) => {
                    const share = segment.shares[a] ?? null;
                    return (
                      <td key={label}>
                        {share === null ? (
                          <span className={styles.muted}>—</span>
                        ) : (
                          <>
                            {formatShare(share)}
                            <span className={styles.muted}>
                              {' '}
                              ({formatCount(segment.visitors[a] ?? 0)})
                            </span>
                          </>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
