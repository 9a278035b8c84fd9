import type { CollectEvent, RollupSquares } from '@kindling/domain';
import type { Arms } from './rollup-plan';

// Mean and ratio metrics test sums over visitors of x², y² and x·y (x: revenue, or sessions
// reaching a goal; y: sessions). A visitor's totals change with each batch, so the batch adds
// to the rollups what it changed: for x, (x₀ + Δx)² - x₀², and so on (migration 0026). The
// new totals come from the database (an update that returns them), so concurrent batches of
// one visitor each add their own step and the sums stay exact.

/** What a batch adds to one visitor's totals. */
export interface VisitorTotalsChange {
  campaignId: number;
  visitorId: string;
  revenue: number;
  sessions: number;
  /** Goal id -> sessions of this batch that reached it for the first time in their session. */
  goalSessions: Map<number, number>;
  /** The newest event's time (ms): its hour receives the change. */
  lastAt: number;
}

/** A visitor's totals after the batch, as the database answers them. */
export interface VisitorTotals {
  campaignId: number;
  visitorId: string;
  arms: Arms;
  revenue: number;
  sessions: number;
  /** Every goal the visitor reached: goal id -> its sessions that reached it. */
  goalSessions: Map<number, number>;
}

/** The squares and products one (element, arm, goal) row gains. */
export type MetricSquares = RollupSquares;

const keyOf = (visitor: { campaignId: number; visitorId: string }) =>
  `${visitor.campaignId}:${visitor.visitorId}`;

/**
 * The batch's changes per visitor: revenue of visitors it counts revenue for (those with a first
 * exposure), the sessions it opened, the goal sessions it reached first.
 */
export function visitorTotalsChanges({
  events,
  countedVisitors,
  newSessions,
  newGoalSessions,
}: {
  events: readonly CollectEvent[];
  countedVisitors: ReadonlySet<string>;
  /** Ids of the exposures that opened a session. */
  newSessions: ReadonlySet<string>;
  /** Ids of the goal events that reached their goal first in their session. */
  newGoalSessions: ReadonlySet<string>;
}): VisitorTotalsChange[] {
  const changes = new Map<string, VisitorTotalsChange>();
  const changeOf = (event: CollectEvent) => {
    const key = keyOf(event);
    let change = changes.get(key);
    if (!change) {
      change = {
        campaignId: event.campaignId,
        visitorId: event.visitorId,
        revenue: 0,
        sessions: 0,
        goalSessions: new Map(),
        lastAt: event.ts,
      };
      changes.set(key, change);
    }
    change.lastAt = Math.max(change.lastAt, event.ts);
    return change;
  };
  for (const event of events) {
    if (event.type === 'exposure') {
      if (newSessions.has(event.id)) changeOf(event).sessions += 1;
    } else if (event.type === 'revenue') {
      if (countedVisitors.has(keyOf(event))) changeOf(event).revenue += event.amount;
    } else if (event.type !== 'vitals' && newGoalSessions.has(event.id)) {
      const goals = changeOf(event).goalSessions;
      goals.set(event.goalId, (goals.get(event.goalId) ?? 0) + 1);
    }
  }
  return [...changes.values()];
}

/** Each visitor's step as (element, arm, goal) rows' squares: after² - before², and so on. */
export function metricSquaresOf(
  changes: readonly VisitorTotalsChange[],
  totals: readonly VisitorTotals[],
): { campaignId: number; at: number; arms: Arms; goalId: number; squares: MetricSquares }[] {
  const after = new Map(totals.map((visitor) => [keyOf(visitor), visitor]));
  return changes.flatMap((change) => {
    const visitor = after.get(keyOf(change));
    if (!visitor) return [];
    const sessions = visitor.sessions;
    const sessionsBefore = sessions - change.sessions;
    const step = (value: number, valueChange: number): MetricSquares => {
      const before = value - valueChange;
      return {
        valueSquares: value * value - before * before,
        valueSessions: value * sessions - before * sessionsBefore,
        sessionSquares: 0,
      };
    };
    const row = (goalId: number, squares: MetricSquares) => ({
      campaignId: change.campaignId,
      at: change.lastAt,
      arms: visitor.arms,
      goalId,
      squares,
    });
    const revenue = step(visitor.revenue, change.revenue);
    revenue.sessionSquares = sessions * sessions - sessionsBefore * sessionsBefore;
    const goals = [...visitor.goalSessions].flatMap(([goalId, count]) => {
      const goalChange = change.goalSessions.get(goalId) ?? 0;
      return goalChange === 0 && change.sessions === 0
        ? []
        : [row(goalId, step(count, goalChange))];
    });
    return [row(0, revenue), ...goals];
  });
}
