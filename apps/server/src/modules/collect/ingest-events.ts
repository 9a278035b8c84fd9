import { randomInt } from 'node:crypto';
import { COLLECT_MESSAGES, withinClockSkew, type CollectEvent } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import { validationError } from '../../errors';
import type { TrackingShape } from '../campaigns/get-tracking-shapes';
import { findEventProblem } from './check-events';
import { findConversions } from './conversions';
import {
  addToRollups,
  findSessionGoals,
  findVisitors,
  insertNewEventsVisitorsSessions,
  insertNewSessionGoals,
} from './repo';
import { armsOf, planRollups, ROLLUP_SHARDS, sessionKey, visitorKey } from './rollup-plan';

export type GetTrackingShapes = (input: {
  campaignIds: number[];
}) => Promise<Map<number, TrackingShape>>;

type Exposure = Extract<CollectEvent, { type: 'exposure' }>;
type Goal = Extract<CollectEvent, { type: 'goal' }>;

/** The first event per key, events taken in time order. */
function firstBy<T extends { id: string }>(events: readonly T[], key: (event: T) => string) {
  const first = new Map<string, T>();
  for (const event of events) if (!first.has(key(event))) first.set(key(event), event);
  return first;
}

const dataOf = (event: CollectEvent) =>
  event.type === 'exposure'
    ? { assignments: event.assignments, applied: event.applied }
    : event.type === 'goal'
      ? { goalId: event.goalId }
      : { amount: event.amount };

/**
 * Stores a batch and its counts in one transaction: nothing of a refused batch is kept, and
 * once this returns the events are durable. Events already stored (same id) are skipped.
 */
export async function ingestEvents(
  { db, getTrackingShapes }: { db: Db; getTrackingShapes: GetTrackingShapes },
  { events, now = Date.now() }: { events: CollectEvent[]; now?: number },
): Promise<{ accepted: number; duplicates: number }> {
  if (!withinClockSkew(events, now)) throw validationError(COLLECT_MESSAGES.clock);
  const shapes = await getTrackingShapes({ campaignIds: events.map((e) => e.campaignId) });
  const problem = findEventProblem(events, shapes);
  if (problem) throw validationError(problem);

  const unique = [...firstBy(events, (event) => event.id).values()].sort((a, b) => a.ts - b.ts);
  const stored = await db.transaction().execute((tx) => storeBatch(tx, unique, shapes));
  return { accepted: stored, duplicates: events.length - stored };
}

async function storeBatch(
  tx: Tx,
  events: CollectEvent[],
  shapes: ReadonlyMap<number, TrackingShape>,
): Promise<number> {
  const created = await insertNewEventsVisitorsSessions(
    tx,
    events.map((event) => ({
      id: event.id,
      campaignId: event.campaignId,
      type: event.type,
      visitorId: event.visitorId,
      sessionId: event.sessionId,
      ts: new Date(event.ts).toISOString(),
      url: event.url,
      data: dataOf(event),
      arms: event.type === 'exposure' ? armsOf(event.assignments) : null,
    })),
  );
  const fresh = events.filter((event) => created.storedIds.has(event.id));
  const exposures = fresh.filter((event): event is Exposure => event.type === 'exposure');
  // The statement opened visitors and sessions with the same rule: first new exposure of each.
  const visitorOpeners = firstBy(exposures, visitorKey);
  const sessionOpeners = firstBy(exposures, sessionKey);
  const createdVisitors = created.visitors;
  const createdSessions = created.sessions;

  const visitorRows = await findVisitors(
    tx,
    [...firstBy(fresh, visitorKey).values()].map((e) => [e.campaignId, e.visitorId]),
  );
  const visitors = new Map(
    visitorRows.map((row) => [
      visitorKey(row),
      { arms: row.assignments, firstExposureAt: new Date(row.firstExposureAt).getTime() },
    ]),
  );

  const goals = fresh.filter(
    (event): event is Goal => event.type === 'goal' && visitors.has(visitorKey(event)),
  );
  const goalKey = (event: { campaignId: number; sessionId: string; goalId: number }) =>
    `${sessionKey(event)}:${event.goalId}`;
  const goalOpeners = firstBy(goals, goalKey);
  const reachedRows = await insertNewSessionGoals(
    tx,
    [...goalOpeners.values()].map((event) => ({
      campaignId: event.campaignId,
      sessionId: event.sessionId,
      goalId: event.goalId,
      reachedAt: new Date(event.ts),
    })),
  );
  const reached = reachedRows.map((row) => goalOpeners.get(goalKey(row))!);
  const sessionGoals = new Map<string, Map<number, number>>();
  for (const row of await findSessionGoals(
    tx,
    reached.map((event) => [event.campaignId, event.sessionId]),
  )) {
    const goalsOfSession = sessionGoals.get(sessionKey(row)) ?? new Map<number, number>();
    goalsOfSession.set(row.goalId, new Date(row.reachedAt).getTime());
    sessionGoals.set(sessionKey(row), goalsOfSession);
  }

  const conversions = findConversions({
    reached,
    funnels: new Map([...shapes].map(([id, shape]) => [id, shape.funnel])),
    sessionGoals,
    firstExposures: new Map([...visitors].map(([key, value]) => [key, value.firstExposureAt])),
  });
  await addToRollups(
    tx,
    planRollups({
      events: fresh,
      newVisitors: new Map(
        createdVisitors.map((row) => [visitorKey(row), visitorOpeners.get(visitorKey(row))!.id]),
      ),
      newSessions: new Map(
        createdSessions.map((row) => [sessionKey(row), sessionOpeners.get(sessionKey(row))!.id]),
      ),
      visitors,
      newGoalSessions: new Set(reached.map((event) => event.id)),
      conversions,
    }),
    randomInt(ROLLUP_SHARDS),
  );
  return fresh.length;
}
