import {
  campaignMetrics,
  emptyBaseMetrics,
  NO_ADDRESS_TRAFFIC,
  presentTrafficConcentration,
  variantMetrics,
  type BaseMetrics,
  type MetricComparison,
  type VariantSignificance,
  type Verdict,
} from '@kindling/domain';
import type { ElementStatsAnswer, StatsAnswer } from './stats-answer';

// Test fixtures: stats answers shaped as the server sends them.

export const base = (overrides: Partial<BaseMetrics>): BaseMetrics => ({
  ...emptyBaseMetrics(),
  ...overrides,
});

export const significance = (overrides: Partial<VariantSignificance>): VariantSignificance => ({
  chanceToBeatControl: 0.5,
  uplift: { estimate: 0, interval: [-0.1, 0.1], level: 0.95 },
  method: 'sequential',
  pValue: 1,
  adjustedPValue: 1,
  significant: false,
  enoughData: true,
  ...overrides,
});

export const verdict = (overrides: Partial<Verdict>): Verdict => ({
  state: 'keep_running',
  variantId: null,
  method: 'sequential',
  metricId: null,
  summary: 'Keep running: no clear difference yet (12% of the planned visitors).',
  visitorsNeeded: null,
  ...overrides,
});

export const comparison = (overrides: Partial<MetricComparison>): MetricComparison => ({
  metricId: '30',
  variantId: 70,
  estimate: 0,
  interval: [-0.1, 0.1],
  level: 0.95,
  pValue: 1,
  adjustedPValue: 1,
  significant: false,
  direction: null,
  ...overrides,
});

/** An element whose control has `control` and whose variants have the given counts. */
export function elementAnswer(
  id: number,
  control: BaseMetrics,
  variants: {
    id: number;
    metrics: BaseMetrics;
    significance: VariantSignificance | null;
    paused?: boolean;
  }[],
  /** True: a skewed split; null: a bandit campaign, which answers no SRM. */
  srmFlagged: boolean | null = false,
): ElementStatsAnswer {
  const arm = (
    key: number | 'control',
    metrics: BaseMetrics,
    s: VariantSignificance | null,
    paused = false,
  ) => {
    const overall = variantMetrics(metrics, control);
    return {
      id: key,
      control: key === 'control',
      paused,
      overall: { discrete: overall, cumulative: overall },
      timeSeries: { start: null, values: {} },
      significance: s,
    };
  };
  return {
    id,
    srm:
      srmFlagged === null
        ? null
        : {
            statistic: srmFlagged ? 30 : 0.1,
            pValue: srmFlagged ? 0.00001 : 0.7,
            flagged: srmFlagged,
          },
    srmExplanation: null,
    vitals: { variants: {}, harms: [] },
    variants: Object.fromEntries([
      ['control', arm('control', control, null)],
      ...variants.map(
        (v) => [String(v.id), arm(v.id, v.metrics, v.significance, v.paused)] as const,
      ),
    ]),
    funnel: [],
    sampleSize: { requiredPerArm: null, exposedPerArm: 0, daysRemaining: null },
    plan: {
      method: 'sequential',
      correction: 'holm',
      minimumDetectableEffect: 0.1,
      plannedPerArm: null,
    },
    verdict: verdict({}),
    comparisons: [],
  };
}

/** A campaign answer over daily intervals whose campaign totals per day are `days`. */
export function dailyAnswer(
  days: { date: string; base: BaseMetrics; original: BaseMetrics }[],
  compareDays?: { date: string; base: BaseMetrics; original: BaseMetrics }[],
): StatsAnswer {
  const series = (list: NonNullable<typeof compareDays>) => ({
    start: list[0]?.date ?? null,
    values: Object.fromEntries(
      list.map((day) => {
        const metrics = campaignMetrics({
          base: day.base,
          elements: [{ control: day.original, variants: [] }],
        });
        return [day.date, { discrete: metrics, cumulative: metrics }];
      }),
    ),
  });
  const overall = campaignMetrics({ base: emptyBaseMetrics(), elements: [] });
  const range = { start: days[0]!.date, end: days.at(-1)!.date };
  return {
    id: 1,
    range,
    timezone: 'UTC',
    granularity: 'day',
    intervals: days.map((day) => ({
      start: day.date,
      end: new Date(Date.parse(day.date) + 86_400_000).toISOString(),
    })),
    overall: { discrete: overall, cumulative: overall },
    timeSeries: series(days),
    elements: {},
    goals: [],
    metrics: [],
    elementMode: 'single',
    segment: null,
    benchmark: compareDays
      ? {
          range,
          intervals: [],
          overall: { discrete: overall, cumulative: overall },
          timeSeries: series(compareDays),
        }
      : null,
    traffic: presentTrafficConcentration(NO_ADDRESS_TRAFFIC),
  };
}
