import type { MetricDefinition } from '@kindling/domain';
import clsx from 'clsx';
import { Badge, type BadgeTone } from '../../../ui/badge';
import type { ElementRows, MetricRow } from '../state/element-rows';
import { HELP } from '../state/help-text';
import { HelpHeader } from './help-header';
import { NoFigure, UpliftFigure } from './uplift-figure';
import styles from './element-results.module.css';

const ROLES: Record<MetricDefinition['role'], { label: string; tone: BadgeTone }> = {
  primary: { label: 'Primary', tone: 'brand' },
  secondary: { label: 'Secondary', tone: 'neutral' },
  guardrail: { label: 'Guardrail', tone: 'warning' },
};

/** The API's direction in words: better or worse for the business, or nothing clear yet. */
function Reading({
  row,
  waiting,
  trusted,
}: {
  row: MetricRow;
  waiting: boolean;
  trusted: boolean;
}) {
  const direction = row.comparison?.direction ?? null;
  if (waiting || !row.comparison || row.comparison.estimate === null) {
    return <span className={styles.muted}>—</span>;
  }
  if (!trusted) return <span className={styles.muted}>Not trusted (sample ratio mismatch)</span>;
  if (direction === null) return <span className={styles.muted}>No clear difference</span>;
  const harmed = direction === 'worse' && row.metric.role === 'guardrail';
  return (
    <span
      className={clsx(direction === 'better' ? styles.up : styles.down, styles.reading)}
      data-direction={direction}
    >
      {direction === 'better' ? 'Better' : harmed ? 'Harmed' : 'Worse'}
    </span>
  );
}

/** A row per metric for every running variant: primary, secondary, then guardrails. */
export function MetricComparisons({ element }: { element: ElementRows }) {
  const correction = element.plan?.correction ?? null;
  return (
    <div className={styles.byMetric} data-testid={`metrics-${element.id}`}>
      <h4 className={styles.subTitle}>Every metric, variant by variant</h4>
      <div className={styles.tableWrap}>
        <table className={clsx(styles.table, styles.metricTable)}>
          <thead>
            <tr>
              <HelpHeader name="Metric" help={HELP.metric} />
              <HelpHeader name="Change vs original" help={HELP.change} />
              <HelpHeader name="Reading" help={HELP.reading} />
            </tr>
          </thead>
          {element.byMetric.map((variant) => (
            <tbody key={variant.key} data-testid={`metrics-${element.id}-${variant.key}`}>
              <tr className={styles.group}>
                <th scope="colgroup" colSpan={3}>
                  {variant.label}
                </th>
              </tr>
              {variant.metrics.map((row) => {
                const waiting = variant.visitorsNeeded > 0;
                const c = row.comparison;
                return (
                  <tr
                    key={row.metric.id}
                    data-testid={`metric-row-${variant.key}-${row.metric.id}`}
                    data-role={row.metric.role}
                  >
                    <th scope="row">
                      <span className={styles.metricName}>
                        {row.metric.name}
                        <Badge tone={ROLES[row.metric.role].tone}>
                          {ROLES[row.metric.role].label}
                        </Badge>
                        {row.metric.lowerIsBetter ? (
                          <span className={styles.lower}>lower is better</span>
                        ) : null}
                      </span>
                    </th>
                    <td data-label="Change">
                      {waiting || !c || c.estimate === null ? (
                        <NoFigure visitorsNeeded={waiting ? variant.visitorsNeeded : null} />
                      ) : (
                        <UpliftFigure
                          label={`${variant.label} on ${row.metric.name}`}
                          correction={correction}
                          figures={{
                            ...c,
                            estimate: c.estimate,
                            direction: element.trusted ? c.direction : null,
                          }}
                        />
                      )}
                    </td>
                    <td data-label="Reading">
                      <Reading row={row} waiting={waiting} trusted={element.trusted} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}
