import type { CampaignMetrics, DerivedMetricKey } from '@kindling/domain';
import type { ElementStatsAnswer, StatsAnswer } from './stats-answer';
import { comparedLabel, intervalTitle } from './interval-label';

export const METRIC_MODES = [
  { value: 'cumulative', label: 'Cumulative' },
  { value: 'discrete', label: 'Discrete' },
] as const;
export type MetricMode = (typeof METRIC_MODES)[number]['value'];

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
 * Whether an interval (by its start) ended after the campaign started: the ones before hold
 * nothing but zeros it never had, so the charts start where it did. It started when it was
 * created, or at its first view if that came earlier (a demo's history, data brought along).
 */
function startedFilter(answer: StatsAnswer, startedAt: string | null) {
  if (!startedAt) return () => true;
  const firstView = seriesArray(answer.timeSeries).find((p) => p.metrics.discrete.views > 0);
  const started = Math.min(
    Date.parse(startedAt),
    firstView ? Date.parse(firstView.date) : Infinity,
  );
  const ends = new Map(answer.intervals.map((i) => [Date.parse(i.start), Date.parse(i.end)]));
  return (date: string) => (ends.get(Date.parse(date)) ?? Infinity) > started;
}

/**
 * The chart's points: one per interval of the answer from the one the campaign started in,
 * with the comparison period's interval of the same position beside it (periods of equal
 * length line up interval by interval).
 */
export function chartPoints(
  answer: StatsAnswer,
  measure: Measure,
  mode: MetricMode,
  startedAt: string | null = null,
): ChartPoint[] {
  const own = seriesArray(answer.timeSeries);
  const other = answer.benchmark ? seriesArray(answer.benchmark.timeSeries) : null;
  const started = startedFilter(answer, startedAt);
  return own.flatMap(({ date, metrics }, index) => {
    if (!started(date)) return [];
    const compared = other?.[index] ?? null;
    return [
      {
        key: date,
        label: comparedLabel(date, compared?.date ?? null, answer.granularity, answer.timezone),
        title: intervalTitle(date, answer.granularity, answer.timezone),
        value: measure(metrics[mode]),
        compareValue: compared ? measure(compared.metrics[mode]) : null,
      },
    ];
  });
}

/** One arm of an element on the chart. */
export interface ArmLine {
  /** 'control' or the variant id, as keyed in the answer. */
  key: string;
  label: string;
}

export interface ArmChartPoint {
  key: string;
  label: string;
  title: string;
  /** Per arm key: the metric in that interval; null where the arm had no views yet. */
  values: Record<string, number | null>;
}

/**
 * One point per interval from the one the campaign started in, each with every arm's value of
 * the metric: each arm is its own line. An arm with no views (in the interval, or so far when
 * cumulative) has no value rather than a 0, so the line starts where its data does instead of
 * rising from a zero it never had.
 */
export function armChartPoints({
  answer,
  element,
  arms,
  metric,
  mode,
  startedAt,
}: {
  answer: StatsAnswer;
  element: ElementStatsAnswer | undefined;
  arms: readonly ArmLine[];
  metric: DerivedMetricKey;
  mode: MetricMode;
  startedAt: string | null;
}): ArmChartPoint[] {
  const started = startedFilter(answer, startedAt);
  const valuesOf = (key: string) => {
    const series = element?.variants[key]?.timeSeries.values ?? {};
    return new Map(Object.entries(series).map(([date, modes]) => [Date.parse(date), modes[mode]]));
  };
  const series = new Map(arms.map((arm) => [arm.key, valuesOf(arm.key)]));
  return answer.intervals
    .map((interval) => interval.start)
    .sort((a, b) => Date.parse(a) - Date.parse(b))
    .filter(started)
    .map((date) => ({
      key: date,
      label: comparedLabel(date, null, answer.granularity, answer.timezone),
      title: intervalTitle(date, answer.granularity, answer.timezone),
      values: Object.fromEntries(
        arms.map((arm) => {
          const metrics = series.get(arm.key)?.get(Date.parse(date));
          return [arm.key, metrics && metrics.views > 0 ? metrics[metric].value : null];
        }),
      ),
    }));
}
