import {
  meanSummary,
  ratioSummary,
  type ArmSummary,
  type ExtraMetric,
  type MetricDefinition,
  type StoredExtraMetric,
} from '@kindling/domain';
import { NO_GOAL } from './arm-series';

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

/** The metric's summary for one arm: a mean (revenue per visitor) or a ratio (per session). */
export function extraMetricSummary(metric: ExtraMetric, totals: ArmMetricTotals): ArmSummary {
  const value = totals.values.get(metric.goalId ?? NO_GOAL) ?? {
    sum: 0,
    squares: 0,
    withSessions: 0,
  };
  if (metric.kind === 'revenue_per_visitor') {
    return meanSummary({ units: totals.visitors, sum: value.sum, sumOfSquares: value.squares });
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
