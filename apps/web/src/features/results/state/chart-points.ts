import { improvement, type CampaignMetrics, type DerivedMetricKey } from '@kindling/domain';
import type { StatsAnswer } from './stats-answer';
import { comparedLabel, intervalTitle } from './interval-label';

export const METRIC_MODES = [
  { value: 'cumulative', label: 'Cumulative' },
  { value: 'discrete', label: 'Discrete' },
] as const;
export type MetricMode = (typeof METRIC_MODES)[number]['value'];

export const METRIC_KINDS = [
  { value: 'improvement', label: 'Improvement' },
  { value: 'actual', label: 'Actual' },
  { value: 'original', label: 'Original' },
] as const;
export type MetricKind = (typeof METRIC_KINDS)[number]['value'];

export const COUNT_KINDS = [
  { value: 'views', label: 'Views' },
  { value: 'visitors', label: 'Visitors' },
  { value: 'sessions', label: 'Sessions' },
] as const;
export type CountKind = (typeof COUNT_KINDS)[number]['value'];

export interface ChartPoint {
  key: string;
  /** Axis label: "h:mm a" / "M/d", or "<date> vs <comparison date>". */
  label: string;
  /** Tooltip heading: the interval's unambiguous date. */
  title: string;
  value: number;
  /** The same interval of the comparison period, when comparing. */
  compareValue: number | null;
}

/** What a chart plots of the campaign's metrics at one interval. */
export type Measure = (metrics: CampaignMetrics) => number;

/**
 * - actual: the campaign's value, all arms together;
 * - original: the controls' value, what the page did without the test;
 * - improvement: how much better the campaign did than the original.
 */
export function metricMeasure(metric: DerivedMetricKey, kind: MetricKind): Measure {
  if (kind === 'actual') return (m) => m[metric].value;
  if (kind === 'original') return (m) => m[metric].original;
  return (m) => improvement(m[metric].value, m[metric].original);
}

export const countMeasure =
  (count: CountKind): Measure =>
  (m) =>
    m[count];

/** The spec's array form of a series: [{date, metrics {discrete, cumulative}}], oldest first. */
export function seriesArray<T>(series: { values: Record<string, T> }) {
  return Object.entries(series.values)
    .map(([date, metrics]) => ({ date, metrics }))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}

/**
 * The chart's points: one per interval of the answer, with the comparison period's interval of
 * the same position beside it (periods of equal length line up interval by interval).
 */
export function chartPoints(answer: StatsAnswer, measure: Measure, mode: MetricMode): ChartPoint[] {
  const own = seriesArray(answer.timeSeries);
  const other = answer.benchmark ? seriesArray(answer.benchmark.timeSeries) : null;
  return own.map(({ date, metrics }, index) => {
    const compared = other?.[index] ?? null;
    return {
      key: date,
      label: comparedLabel(date, compared?.date ?? null, answer.granularity, answer.timezone),
      title: intervalTitle(date, answer.granularity, answer.timezone),
      value: measure(metrics[mode]),
      compareValue: compared ? measure(compared.metrics[mode]) : null,
    };
  });
}
