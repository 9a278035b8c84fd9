import { MAX_CAMPAIGN_METRICS, type ExtraMetric } from '@kindling/domain';
import { GOAL_ROLE_OPTIONS, LOWER_IS_BETTER } from '../../../../lib/goal-roles';
import { Button } from '../../../../ui/button';
import { SelectField } from '../../../../ui/field';
import { PlusIcon, TrashIcon } from '../../../../ui/icons';
import { Switch } from '../../../../ui/switch';
import { useGoalsStore } from '../hooks/use-goals-store';
import { choiceValue, metricChoices, REVENUE_CAPS, withNextMetric } from '../state/extra-metrics';
import styles from './extra-metrics-panel.module.css';

const ROLES = GOAL_ROLE_OPTIONS.filter((option) => option.value !== 'funnel');

/**
 * Revenue per visitor, revenue per session and a goal per session, each a secondary metric or
 * a guardrail (issue 29). Revenue comes from `kindling('revenue', amount)` on the site.
 */
export function ExtraMetricsPanel() {
  const { state, dispatch } = useGoalsStore();
  const metrics = state.extraMetrics;
  const choices = metricChoices(state.goals);
  const set = (next: ExtraMetric[]) => dispatch({ type: 'setExtraMetrics', metrics: next });
  const update = (index: number, patch: Partial<ExtraMetric>) =>
    set(metrics.map((metric, i) => (i === index ? { ...metric, ...patch } : metric)));
  const full =
    metrics.length >= MAX_CAMPAIGN_METRICS ||
    choices.every((choice) => metrics.some((metric) => choiceValue(metric) === choice.value));

  return (
    <section className={styles.panel} aria-labelledby="extra-metrics-title">
      <h3 id="extra-metrics-title" className={styles.title}>
        Revenue and per-session metrics
      </h3>
      <p className={styles.intro}>
        Measured beside the funnel for every visitor: revenue per visitor (sent with{' '}
        <code>kindling(&apos;revenue&apos;, amount)</code>), revenue per session, or how often a
        goal is reached per session. A guardrail that a variant makes significantly worse stops it
        from being called the winner.
      </p>
      {metrics.length > 0 ? (
        <ul className={styles.list}>
          {metrics.map((metric, index) => {
            const value = choiceValue(metric);
            const label = choices.find((choice) => choice.value === value)?.label ?? value;
            return (
              <li key={value} className={styles.row} data-testid="extra-metric">
                <SelectField
                  label="Metric"
                  value={value}
                  onChange={(event) => {
                    const choice = choices.find((c) => c.value === event.target.value)!;
                    update(index, {
                      kind: choice.kind,
                      goalId: choice.goalId,
                      capPercentile: null,
                    });
                  }}
                >
                  {choices.map((choice) => (
                    <option
                      key={choice.value}
                      value={choice.value}
                      disabled={
                        choice.value !== value &&
                        metrics.some((other) => choiceValue(other) === choice.value)
                      }
                    >
                      {choice.label}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label="Role"
                  value={metric.role}
                  onChange={(event) =>
                    update(index, { role: event.target.value as ExtraMetric['role'] })
                  }
                >
                  {ROLES.map((role) => (
                    <option key={role.value} value={role.value}>
                      {role.label}
                    </option>
                  ))}
                </SelectField>
                {metric.kind === 'revenue_per_visitor' ? (
                  <SelectField
                    label="Cap outliers"
                    hint="Each visitor's revenue is capped at this percentile of paying visitors, so one huge order cannot decide the test."
                    className={styles.cap}
                    value={metric.capPercentile === null ? '' : String(metric.capPercentile)}
                    onChange={(event) =>
                      update(index, {
                        capPercentile:
                          event.target.value === '' ? null : Number(event.target.value),
                      })
                    }
                  >
                    {REVENUE_CAPS.map((cap) => (
                      <option key={cap.value} value={cap.value}>
                        {cap.label}
                      </option>
                    ))}
                  </SelectField>
                ) : null}
                <div className={styles.switch}>
                  <Switch
                    label={LOWER_IS_BETTER.label}
                    showLabel
                    checked={metric.lowerIsBetter}
                    onCheckedChange={(lowerIsBetter) => update(index, { lowerIsBetter })}
                  />
                </div>
                <Button
                  variant="ghost"
                  color="secondary"
                  size="sm"
                  className={styles.remove}
                  aria-label={`Remove ${label}`}
                  icon={<TrashIcon size={16} />}
                  onClick={() => set(metrics.filter((_metric, i) => i !== index))}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button
        variant="outline"
        color="secondary"
        icon={<PlusIcon size={16} />}
        disabled={full}
        onClick={() => set(withNextMetric(metrics, state.goals))}
      >
        Add a metric
      </Button>
    </section>
  );
}
