import { emptyBaseMetrics, type BaseMetrics } from '@kindling/domain';
import { intervalIndex, type Interval } from './intervals';
import type { BucketRow } from './repo';

// From rollup rows to base metrics per element, arm and interval (docs/decisions.md, "Results
// from the rollups"): views = exposures, visitors = first exposures, sessions = sessions opened
// by an exposure (also funnelSessions), revenue; conversions = sessions that reached the
// counted goal, funnelConversions = of those, the ones that completed the funnel in order
// within the conversion window (with a chosen goalId: every session that reached it).
// Converted visitors (visitors who first reached the counted goal) are kept beside the base
// metrics for the significance engine only: they are not part of the answer's metrics.

export const CONTROL_ARM = 0;
export const NO_GOAL = 0;

export interface ArmValues {
  /** Base metrics per interval. */
  values: BaseMetrics[];
  /** Visitors whose first reach of the counted goal fell in the period's intervals. */
  convertedVisitors: number;
}

/** elementId -> arm (0 = control) -> its values. */
export type ArmSeries = Map<number, Map<number, ArmValues>>;

const emptyArmValues = (length: number): ArmValues => ({
  values: Array.from({ length }, emptyBaseMetrics),
  convertedVisitors: 0,
});

export interface CountedGoal {
  goalId: number;
  /** True when the goal was chosen by the query rather than being the funnel's end. */
  chosen: boolean;
}

export function armSeries(
  rows: readonly BucketRow[],
  intervals: readonly Interval[],
  counted: CountedGoal | null,
): ArmSeries {
  const series: ArmSeries = new Map();
  for (const row of rows) {
    const index = intervalIndex(intervals, row.bucket);
    if (index === -1) continue;
    const arms = series.get(row.elementId) ?? new Map<number, ArmValues>();
    series.set(row.elementId, arms);
    const arm = arms.get(row.arm) ?? emptyArmValues(intervals.length);
    arms.set(row.arm, arm);
    const metrics = arm.values[index]!;
    if (row.goalId === NO_GOAL) {
      metrics.views += row.exposures;
      metrics.visitors += row.visitors;
      metrics.sessions += row.sessions;
      metrics.funnelSessions += row.sessions;
      metrics.revenue += row.revenue;
    } else if (counted && row.goalId === counted.goalId) {
      metrics.conversions += row.goalSessions;
      metrics.funnelConversions += counted.chosen ? row.goalSessions : row.conversions;
      arm.convertedVisitors += row.goalVisitors;
    }
  }
  return series;
}

export function addMetrics(a: BaseMetrics, b: BaseMetrics): BaseMetrics {
  return {
    views: a.views + b.views,
    visitors: a.visitors + b.visitors,
    sessions: a.sessions + b.sessions,
    conversions: a.conversions + b.conversions,
    funnelSessions: a.funnelSessions + b.funnelSessions,
    funnelConversions: a.funnelConversions + b.funnelConversions,
    revenue: a.revenue + b.revenue,
  };
}

export const totalOf = (values: readonly BaseMetrics[]) =>
  values.reduce(addMetrics, emptyBaseMetrics());

/** Running totals: visitors and sessions are counted once when first seen, so they add up. */
export function cumulativeOf(values: readonly BaseMetrics[]): BaseMetrics[] {
  let running = emptyBaseMetrics();
  return values.map((value) => (running = addMetrics(running, value)));
}

/** An arm's values, zeros when it has no rollups. */
export const armValues = (
  series: ArmSeries,
  elementId: number,
  arm: number,
  length: number,
): ArmValues => series.get(elementId)?.get(arm) ?? emptyArmValues(length);
