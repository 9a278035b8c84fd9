import {
  appliedMs,
  CONVERSION_WINDOW_MS,
  FLICKER_BUCKET_COUNT,
  flickerBucketOf,
  type CollectEvent,
  type RollupCounts,
  type VisitorClass,
} from '@kindling/domain';
import type { MetricSquares } from './visitor-totals';

// Which hourly counters a batch of new events raises: a pure function of the events and of
// what the database answered while storing them (which visitors, sessions and goal sessions
// were new). Keeping it pure keeps the counting rules testable without a database.

export const CONTROL_ARM = 0;
/** The goal id of counts that belong to no goal (exposures, revenue). */
export const NO_GOAL = 0;
/** Rows per rollup key; a batch adds to one, chosen at random, and readers sum them. */
export const ROLLUP_SHARDS = 8;
const HOUR_MS = 3_600_000;

/** Element id -> variant id, CONTROL_ARM for the control. */
export type Arms = Record<string, number>;

export interface RollupKey {
  campaignId: number;
  hour: number;
  elementId: number;
  arm: number;
  goalId: number;
}

export type { RollupCounts };

type Counted = RollupCounts & MetricSquares;

export type RollupRow = RollupKey &
  Counted & {
    /** Applied times per FLICKER_BUCKETS_MS bucket (FLICKER_BUCKET_COUNT entries). */
    appliedMsHistogram: number[];
  };

/** What goals and revenue need of their visitor: the arms and when it was first exposed (ms). */
export interface VisitorFacts {
  arms: Arms;
  firstExposureAt: number;
  /** The class of its first exposure (segment-rollups.ts); null: in no segment. */
  visitorClass?: VisitorClass | null;
}

export interface RollupInput {
  /** Events stored by this batch (duplicates already left out). */
  events: readonly CollectEvent[];
  /** `${campaignId}:${visitorId}` -> the event id whose exposure created the visitor row. */
  newVisitors: ReadonlyMap<string, string>;
  /** `${campaignId}:${sessionId}` -> the event id whose exposure opened the session. */
  newSessions: ReadonlyMap<string, string>;
  /** `${campaignId}:${visitorId}` -> the visitor's arms and first exposure (ms). */
  visitors: ReadonlyMap<string, VisitorFacts>;
  /** Goal events (by id) that reached a goal for the first time in their session. */
  newGoalSessions: ReadonlySet<string>;
  /** Goal events (by id) that reached a goal for the first time for their visitor. */
  newGoalVisitors: ReadonlySet<string>;
  /** Goal events (by id) that completed the funnel within the conversion window. */
  conversions: ReadonlySet<string>;
  /** What the batch's visitors' totals add to the squares (visitor-totals.ts). */
  metricSquares?: readonly {
    campaignId: number;
    at: number;
    arms: Arms;
    goalId: number;
    squares: MetricSquares;
  }[];
}

export const visitorKey = (event: { campaignId: number; visitorId: string }) =>
  `${event.campaignId}:${event.visitorId}`;
export const sessionKey = (event: { campaignId: number; sessionId: string }) =>
  `${event.campaignId}:${event.sessionId}`;

/** The control is "control" on the wire and 0 in storage. */
export function armsOf(assignments: Record<string, number | 'control'>): Arms {
  const arms: Arms = {};
  for (const [elementId, arm] of Object.entries(assignments)) {
    arms[elementId] = arm === 'control' ? CONTROL_ARM : arm;
  }
  return arms;
}

/** True when a goal reached at `reachedAt` counts as a conversion of this visitor. */
export const withinConversionWindow = (firstExposureAt: number, reachedAt: number): boolean =>
  reachedAt >= firstExposureAt && reachedAt - firstExposureAt <= CONVERSION_WINDOW_MS;

const zero = (): Counted => ({
  exposures: 0,
  visitors: 0,
  sessions: 0,
  goalSessions: 0,
  goalVisitors: 0,
  conversions: 0,
  revenue: 0,
  applied: 0,
  missed: 0,
  valueSquares: 0,
  valueSessions: 0,
  sessionSquares: 0,
});

export function planRollups(input: RollupInput): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  const bump = (key: RollupKey, change: Partial<Counted>, appliedMs?: number) => {
    const id = `${key.campaignId}|${key.hour}|${key.elementId}|${key.arm}|${key.goalId}`;
    let row = rows.get(id);
    if (!row) {
      const appliedMsHistogram = new Array<number>(FLICKER_BUCKET_COUNT).fill(0);
      rows.set(id, (row = { ...key, ...zero(), appliedMsHistogram }));
    }
    for (const [name, amount] of Object.entries(change) as [keyof Counted, number][]) {
      row[name] += amount;
    }
    if (appliedMs !== undefined) row.appliedMsHistogram[flickerBucketOf(appliedMs)]! += 1;
  };

  for (const event of input.events) {
    // Web Vitals have rollups of their own (store-vitals.ts).
    if (event.type === 'vitals') continue;
    const hour = Math.floor(event.ts / HOUR_MS) * HOUR_MS;
    const at = (elementId: string, arm: number, goalId = NO_GOAL): RollupKey => ({
      campaignId: event.campaignId,
      hour,
      elementId: Number(elementId),
      arm,
      goalId,
    });
    if (event.type === 'exposure') {
      const firstOfVisitor = input.newVisitors.get(visitorKey(event)) === event.id;
      const firstOfSession = input.newSessions.get(sessionKey(event)) === event.id;
      for (const [elementId, arm] of Object.entries(armsOf(event.assignments))) {
        const applied = event.applied[elementId];
        // Not on the page (beside elements that were): neither applied nor missed.
        const ms = appliedMs(applied);
        bump(
          at(elementId, arm),
          {
            exposures: 1,
            visitors: firstOfVisitor ? 1 : 0,
            sessions: firstOfSession ? 1 : 0,
            applied: ms === undefined ? 0 : 1,
            missed: applied === null ? 1 : 0,
          },
          ms,
        );
      }
      continue;
    }
    // Goals and revenue count for the arms of the visitor's first exposure; none, no count.
    const visitor = input.visitors.get(visitorKey(event));
    if (!visitor) continue;
    for (const [elementId, arm] of Object.entries(visitor.arms)) {
      if (event.type === 'revenue') {
        bump(at(elementId, arm), { revenue: event.amount });
      } else if (input.newGoalSessions.has(event.id) || input.newGoalVisitors.has(event.id)) {
        bump(at(elementId, arm, event.goalId), {
          goalSessions: input.newGoalSessions.has(event.id) ? 1 : 0,
          goalVisitors: input.newGoalVisitors.has(event.id) ? 1 : 0,
          conversions: input.conversions.has(event.id) ? 1 : 0,
        });
      }
    }
  }
  for (const { campaignId, at, arms, goalId, squares } of input.metricSquares ?? []) {
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    for (const [elementId, arm] of Object.entries(arms)) {
      bump({ campaignId, hour, elementId: Number(elementId), arm, goalId }, squares);
    }
  }
  // A fixed order, so concurrent batches lock shared rows in the same order (no deadlocks).
  return [...rows.values()].sort(
    (a, b) =>
      a.campaignId - b.campaignId ||
      a.hour - b.hour ||
      a.elementId - b.elementId ||
      a.arm - b.arm ||
      a.goalId - b.goalId,
  );
}
