import {
  meanSummary,
  ratioSummary,
  type ArmSummary,
  type ExtraMetric,
  type Campaign,
  type MetricDefinition,
  type StoredExtraMetric,
  type StatsSegment,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { CONTROL_ARM, NO_GOAL } from './arm-series';
import type { ElementMetric } from './element-stats';
import type { ElementShape } from './present-stats';
import { sumCappedRevenue, type CappedRevenueRow } from './repo';

// Revenue per visitor, revenue per session and a goal per session from the rollups' sums
// (migration 0026): units are the arm's visitors; x is revenue (goal-less rows) or the goal's
// sessions (goal rows); s is sessions.

/** The rollup sums one arm's mean and ratio metrics read. */
export interface ArmMetricTotals {
  visitors: number;
  sessions: number;
  sessionSquares: number;
  /** Goal id (NO_GOAL: revenue) -> Σx, Σx², Σx·s. */
  values: Map<number, { sum: number; squares: number; withSessions: number }>;
}

/** What a rollup row brings to its arm's totals (stats rows and lifetime sums alike). */
export interface MetricRow {
  elementId: number;
  arm: number;
  goalId: number;
  visitors: number;
  sessions: number;
  revenue: number;
  goalSessions: number;
  valueSquares: number;
  valueSessions: number;
  sessionSquares: number;
}

/** Each arm's totals (in `arms` order, control first) of the element's rows. */
export function armMetricTotals(
  rows: readonly MetricRow[],
  elementId: number,
  arms: readonly number[],
): ArmMetricTotals[] {
  const byArm = new Map<number, ArmMetricTotals>(
    arms.map((arm) => [arm, { visitors: 0, sessions: 0, sessionSquares: 0, values: new Map() }]),
  );
  for (const row of rows) {
    const totals = row.elementId === elementId ? byArm.get(row.arm) : undefined;
    if (!totals) continue;
    const value = totals.values.get(row.goalId) ?? { sum: 0, squares: 0, withSessions: 0 };
    totals.values.set(row.goalId, value);
    value.sum += row.goalId === NO_GOAL ? row.revenue : row.goalSessions;
    value.squares += row.valueSquares;
    value.withSessions += row.valueSessions;
    if (row.goalId !== NO_GOAL) continue;
    totals.visitors += row.visitors;
    totals.sessions += row.sessions;
    totals.sessionSquares += row.sessionSquares;
  }
  return arms.map((arm) => byArm.get(arm)!);
}

/**
 * The metric's summary for one arm: a mean (revenue per visitor) or a ratio (per session).
 * `capped`: the arm's capped revenue sums, for revenue per visitor with a cap.
 */
export function extraMetricSummary(
  metric: ExtraMetric,
  totals: ArmMetricTotals,
  capped?: { sum: number; squares: number },
): ArmSummary {
  const value = totals.values.get(metric.goalId ?? NO_GOAL) ?? {
    sum: 0,
    squares: 0,
    withSessions: 0,
  };
  if (metric.kind === 'revenue_per_visitor') {
    const { sum, squares } = capped ?? value;
    return meanSummary({ units: totals.visitors, sum, sumOfSquares: squares });
  }
  return ratioSummary({
    units: totals.visitors,
    numerator: { sum: value.sum, sumOfSquares: value.squares },
    denominator: { sum: totals.sessions, sumOfSquares: totals.sessionSquares },
    sumOfProducts: value.withSessions,
  });
}

/** The engine's definition of a stored metric ("m" + its id, apart from goals' ids). */
export function extraMetricDefinition(metric: StoredExtraMetric): MetricDefinition {
  return {
    id: `m${metric.id}`,
    name: metric.name,
    role: metric.role,
    lowerIsBetter: metric.lowerIsBetter,
    kind: metric.kind === 'revenue_per_visitor' ? 'mean' : 'ratio',
  };
}

/**
 * The campaign's revenue and per-session metrics as the element engine takes them: each arm's
 * summary from the range's rollup rows, and for capped revenue from the paying visitors' capped
 * totals (one query per capped metric).
 */
export async function extraMetricsOf({
  db,
  teamId,
  campaign,
  elements,
  rows,
  range,
  segment,
}: {
  db: Db;
  teamId: number;
  campaign: Campaign;
  elements: readonly ElementShape[];
  rows: readonly MetricRow[];
  range: { start: Date; end: Date };
  segment?: StatsSegment | undefined;
}): Promise<ElementMetric[]> {
  return Promise.all(
    campaign.extraMetrics.map(async (metric) => {
      const capped: CappedRevenueRow[] | null =
        metric.capPercentile === null
          ? null
          : await sumCappedRevenue(db, {
              teamId,
              campaignId: campaign.id,
              percentile: metric.capPercentile,
              ...range,
              segment,
            });
      return {
        definition: extraMetricDefinition(metric),
        summaries: (elementId: number) => {
          const arms = [CONTROL_ARM, ...elements.find((e) => e.id === elementId)!.variantIds];
          return armMetricTotals(rows, elementId, arms).map((totals, a) =>
            extraMetricSummary(
              metric,
              totals,
              capped
                ? (capped.find((row) => row.elementId === elementId && row.arm === arms[a]) ?? {
                    sum: 0,
                    squares: 0,
                  })
                : undefined,
            ),
          );
        },
      };
    }),
  );
}
