import type { ArmRow, FunnelStepRow } from '../state/element-rows';
import { formatCount, formatShare } from '../../../lib/format';
import { HELP } from '../state/help-text';
import { formatUplift, levelNote } from '../state/uplift-format';
import { HelpHeader } from './help-header';
import styles from './element-results.module.css';

/** Each funnel step per arm: of those who entered it, how many reached its goal. */
export function FunnelSteps({
  elementId,
  steps,
  rows,
}: {
  elementId: number;
  steps: FunnelStepRow[];
  rows: ArmRow[];
}) {
  return (
    <details className={styles.funnel} data-testid={`funnel-${elementId}`}>
      <summary>Funnel, step by step</summary>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Arm</th>
              {steps.map((step) => (
                <HelpHeader key={step.goalId} name={step.label} help={HELP.funnelStep} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {steps.map((step) => {
                  const cell = step.arms[row.key];
                  const uplift = cell?.significance?.uplift;
                  const note = uplift ? levelNote(uplift.level) : null;
                  return (
                    <td key={step.goalId} data-label={step.label}>
                      {cell ? (
                        <span>
                          {formatCount(cell.reached)} of {formatCount(cell.entered)}
                          {cell.entered > 0 ? ` (${formatShare(cell.reached / cell.entered)})` : ''}
                          {uplift ? (
                            <span className={styles.interval}>
                              {formatUplift(uplift.estimate, uplift.interval)} against the original
                              {note ? `, ${note}` : ''}
                            </span>
                          ) : null}
                        </span>
                      ) : (
                        <span className={styles.muted}>—</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
