import {
  CAMPAIGN_METRIC_KINDS,
  campaignMetricName,
  MAX_CAMPAIGN_METRICS,
  type ExtraMetric,
  type Goal,
} from '@kindling/domain';

// The goals step's revenue and per-session metrics (issue 29): which a person can pick, and
// keeping the list valid as goals go.

/** One choice of the metric picker: a kind, with its goal for a goal per session. */
export interface MetricChoice {
  value: string;
  label: string;
  kind: ExtraMetric['kind'];
  goalId: number | null;
}

export const choiceValue = (metric: Pick<ExtraMetric, 'kind' | 'goalId'>) =>
  metric.goalId === null ? metric.kind : `${metric.kind}:${metric.goalId}`;

/** Every metric the campaign's goals allow, in the picker's order. */
export function metricChoices(goals: readonly Goal[]): MetricChoice[] {
  return CAMPAIGN_METRIC_KINDS.flatMap((kind): MetricChoice[] =>
    kind === 'goal_per_session'
      ? goals.map((goal) => ({
          value: choiceValue({ kind, goalId: goal.id }),
          label: campaignMetricName(kind, goal.event.name),
          kind,
          goalId: goal.id,
        }))
      : [{ value: kind, label: campaignMetricName(kind), kind, goalId: null }],
  );
}

/** The list with the first metric not in it yet (a secondary metric); unchanged when full. */
export function withNextMetric(
  metrics: readonly ExtraMetric[],
  goals: readonly Goal[],
): ExtraMetric[] {
  if (metrics.length >= MAX_CAMPAIGN_METRICS) return [...metrics];
  const used = new Set(metrics.map(choiceValue));
  const next = metricChoices(goals).find((choice) => !used.has(choice.value));
  if (!next) return [...metrics];
  return [
    ...metrics,
    {
      kind: next.kind,
      goalId: next.goalId,
      role: 'secondary',
      lowerIsBetter: false,
      capPercentile: null,
    },
  ];
}

/** The metrics that still name an existing goal. */
export const withoutGoal = (metrics: readonly ExtraMetric[], goalId: number) =>
  metrics.filter((metric) => metric.goalId !== goalId);

/** The caps a person can pick for revenue per visitor. */
export const REVENUE_CAPS = [
  { value: '', label: 'No cap' },
  { value: '0.999', label: 'At the 99.9th percentile' },
  { value: '0.99', label: 'At the 99th percentile' },
  { value: '0.95', label: 'At the 95th percentile' },
] as const;
