import { randomInt } from 'node:crypto';
import {
  COLLECT_MESSAGES,
  eventSourceProblem,
  withinClockSkew,
  type AgentClass,
  type CollectEvent,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { inStatementTransaction, type Statements } from '../../db/statement-transaction';
import { validationError } from '../../errors';
import type { TrackingShape } from '../campaigns/get-tracking-shapes';
import { addressKeysOf, planAddressCounts } from './address-counts';
import type { AddressKeyOf } from './address-keys';
import { findEventProblem } from './check-events';
import { countNotOnPage } from './not-on-page';
import { countRolloutViews } from './rollout-views';
import { reachGoals } from './reach-goals';
import { isVitals, storeVitals, vitalsArmsOf } from './store-vitals';
import { addToRollups, insertNewEventsVisitorsSessions } from './repo';
import {
  armsOf,
  planRollups,
  ROLLUP_SHARDS,
  sessionKey,
  visitorKey,
  type Arms,
} from './rollup-plan';
import { planSegmentCounts } from './segment-counts';
import { addToSegmentCounts } from './segments-repo';
import { planClassTables } from './segment-rollups';
import { addToClassRollups, DIMENSION_TABLE, SEGMENT_TABLE } from './segment-rollups-repo';
import { classesOf, sendersOf, type SenderClass } from './visitor-classes';
import { firstBy, knownVisitors } from './known-visitors';
import { addToAddressCounts } from './traffic-repo';
import { isHeldOut } from '../holdout/programme-events';
import { recordProgramme } from '../holdout/record-programme';
import { metricSquaresOf, visitorTotalsChanges } from './visitor-totals';
import { updateVisitorTotals } from './visitor-totals-repo';

export type GetTrackingShapes = (input: {
  campaignIds: number[];
  /** True: bypass any cache (the shapes at hand would refuse the batch). */
  fresh?: boolean;
}) => Promise<Map<number, TrackingShape>>;

/** A cache of shapes can drop a team's when the team writes (collect/routes.ts). */
export type ForgettingShapes = GetTrackingShapes & { forgetTeam?: (teamId: number) => void };

type Exposure = Extract<CollectEvent, { type: 'exposure' }>;
/** The events that go to the `events` table (Web Vitals are stored apart). */
type TrackedEvent = Exclude<CollectEvent, { type: 'vitals' }>;
type Goal = Extract<CollectEvent, { type: 'goal' }>;

const goalKey = (event: { campaignId: number; sessionId: string; goalId: number }) =>
  `${sessionKey(event)}:${event.goalId}`;
const visitorGoalKey = (event: { campaignId: number; visitorId: string; goalId: number }) =>
  `${visitorKey(event)}:${event.goalId}`;

const dataOf = (event: TrackedEvent) =>
  event.type === 'exposure'
    ? {
        assignments: event.assignments,
        applied: event.applied,
        ...(event.healed?.length ? { healed: event.healed } : {}),
      }
    : event.type === 'goal'
      ? { goalId: event.goalId }
      : { amount: event.amount };

/** PostgreSQL's foreign_key_violation: an event of a campaign deleted since its shape was read. */
const isForeignKeyViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

/** A batch that passed every check, ready to be stored (alone or with others). */
export interface CheckedBatch {
  /** The events as sent (duplicates included: they count in the answer), rejected ones out. */
  events: CollectEvent[];
  /** The first event of each id, in time order. */
  unique: CollectEvent[];
  shapes: ReadonlyMap<number, TrackingShape>;
  /** Campaign id -> the key of the address the batch came from; none: not counted by address. */
  addressKeys?: ReadonlyMap<number, string>;
  /** The class of the user agent that sent it; none: its visitors are not counted by segment. */
  agent?: AgentClass | undefined;
  /** The country the trusted proxy named (`countryClassOf`). */
  country?: string | undefined;
  /** Vitals event id -> the arms of the exposure it names (store-vitals.ts). */
  vitalsArms?: ReadonlyMap<string, Arms>;
}

export interface StoredAnswer {
  accepted: number;
  duplicates: number;
}

export interface CollectAnswer extends StoredAnswer {
  /**
   * Events dropped uncounted, not from their campaign's page (see `eventSourceProblem`); only
   * when there are some, so the tracker's answers on its campaigns' pages stay as they were.
   */
  rejected?: number;
  /** Exposures of ended tests, counted as their rollout's views (only when there are some). */
  rolloutViews?: number;
  /** Exposures from pages without any of the campaign's elements (only when there are some). */
  notOnPage?: number;
}

/** Stores one checked batch (alone, or in a transaction shared with others) once durable. */
export type StoreBatch = (batch: CheckedBatch) => Promise<StoredAnswer>;

/** Who sent the batch, as collect judges it (docs/api.md "Collecting events"). */
export interface BatchSender {
  /** The sending page's origin as the browser named it (`senderOrigin`); undefined: not named. */
  origin?: string | null | undefined;
  /** Keys of the client's address per campaign; undefined: not counted by address. */
  addressKeyOf?: AddressKeyOf | undefined;
  /** The browser family and device type of its User-Agent header (never the header itself). */
  agent?: AgentClass | undefined;
  /** The country the trusted proxy named (`countryClassOf`); never the address itself. */
  country?: string | undefined;
}

/** The events that may count: each from its campaign's page, origin and key. */
const fromTheirPages = (
  events: readonly CollectEvent[],
  shapes: ReadonlyMap<number, TrackingShape>,
  origin: string | null | undefined,
) =>
  events.filter(
    (event) => eventSourceProblem(event, shapes.get(event.campaignId)!, origin) === null,
  );

/**
 * Stores a batch and its counts in one transaction (possibly shared with other batches, see
 * `group-commit.ts`): nothing of a refused batch is kept, and once this returns the events are
 * durable. Events already stored (same id) are skipped; events not from their campaign's page
 * are dropped and answered as rejected. Shapes may come from a short-lived cache, so a batch is
 * only ever refused, and an event only ever rejected, on fresh ones.
 */
export async function ingestEvents(
  {
    db,
    getTrackingShapes,
    store = async (batch) => (await storeBatches(db, [batch]))[0]!,
  }: { db: Db; getTrackingShapes: GetTrackingShapes; store?: StoreBatch },
  {
    events: sent,
    now = Date.now(),
    sender = {},
  }: { events: CollectEvent[]; now?: number; sender?: BatchSender },
): Promise<CollectAnswer> {
  if (!withinClockSkew(sent, now)) throw validationError(COLLECT_MESSAGES.clock);
  const campaignIds = [...new Set(sent.map((event) => event.campaignId))];
  let shapes = await getTrackingShapes({ campaignIds });
  const stale = (problem: string | null) =>
    problem !== null || fromTheirPages(sent, shapes, sender.origin).length < sent.length;
  if (stale(findEventProblem(sent, shapes))) {
    shapes = await getTrackingShapes({ campaignIds, fresh: true });
    const problem = findEventProblem(sent, shapes);
    if (problem) throw validationError(problem);
  }
  const fromPages = fromTheirPages(sent, shapes, sender.origin);
  const rejected = sent.length - fromPages.length;
  const dropped = rejected > 0 ? { rejected } : {};
  // Checked before anything is written: a refused batch changes nothing.
  const vitalsArms = await vitalsArmsOf(
    db,
    fromPages.filter((event) => !shapes.get(event.campaignId)!.ended),
  );
  // Ended tests' results stay as they were: their exposures are rollout views, counted apart;
  // the global holdout's saw no rollout, and are not counted at all.
  const { events, rolloutViews } = await countRolloutViews(
    db,
    fromPages.filter((event) => !(isHeldOut(event) && shapes.get(event.campaignId)!.ended)),
    shapes,
  );
  const { events: onPage, notOnPage } = await countNotOnPage(db, events);
  const apart = {
    ...(rolloutViews > 0 ? { rolloutViews } : {}),
    ...(notOnPage > 0 ? { notOnPage } : {}),
  };
  if (onPage.length === 0) return { accepted: 0, duplicates: 0, ...dropped, ...apart };

  const unique = [...firstBy(onPage, (event) => event.id).values()].sort((a, b) => a.ts - b.ts);
  const addressKeys = addressKeysOf(unique, sender.addressKeyOf);
  try {
    const batch = {
      events: onPage,
      unique,
      shapes,
      addressKeys,
      agent: sender.agent,
      country: sender.country,
      vitalsArms,
    };
    return { ...(await store(batch)), ...dropped, ...apart };
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const problem = findEventProblem(events, await getTrackingShapes({ campaignIds, fresh: true }));
    throw problem ? validationError(problem) : error;
  }
}

/**
 * Stores the batches in one transaction, as if they were one batch: an id sent by two of them
 * is stored once, and accepted for the first of them (the other counts it a duplicate).
 */
export async function storeBatches(db: Db, batches: CheckedBatch[]): Promise<StoredAnswer[]> {
  const first = new Map<string, CollectEvent>();
  // An event counts for the address of the batch that stored it: the first that sent its id.
  const addressOf = new Map<string, string>();
  for (const batch of batches) {
    for (const event of batch.unique) {
      if (first.has(event.id)) continue;
      first.set(event.id, event);
      const address = batch.addressKeys?.get(event.campaignId);
      if (address !== undefined) addressOf.set(event.id, address);
    }
  }
  const events =
    batches.length === 1 ? batches[0]!.unique : [...first.values()].sort((a, b) => a.ts - b.ts);
  const shapes = new Map<number, TrackingShape>();
  const vitalsArms = new Map<string, Arms>();
  for (const batch of batches) {
    for (const [id, shape] of batch.shapes) shapes.set(id, shape);
    for (const [id, arms] of batch.vitalsArms ?? []) vitalsArms.set(id, arms);
  }
  const stored = new Set(
    await inStatementTransaction(db, (statements) =>
      storeBatch(statements, {
        events,
        shapes,
        addressOf,
        senders: sendersOf(batches),
        vitalsArms,
      }),
    ),
  );
  return batches.map((batch) => {
    const accepted = batch.unique.filter((event) => stored.has(event)).length;
    return { accepted, duplicates: batch.events.length - accepted };
  });
}

async function storeBatch(
  statements: Statements,
  {
    events: sent,
    shapes,
    addressOf,
    senders,
    vitalsArms,
  }: {
    events: CollectEvent[];
    shapes: ReadonlyMap<number, TrackingShape>;
    /** Event id -> the key of the address it came from. */
    addressOf: ReadonlyMap<string, string>;
    /** Event id -> what collect knows of the batch that sent it. */
    senders: ReadonlyMap<string, SenderClass>;
    /** Vitals event id -> the arms of its exposure. */
    vitalsArms: ReadonlyMap<string, Arms>;
  },
): Promise<CollectEvent[]> {
  const vitals = sent.filter(isVitals);
  // The global holdout's exposures are no arm's: counted for the team's programme only.
  const heldOut = sent.filter(isHeldOut);
  const events = sent.filter(
    (event): event is TrackedEvent => !isVitals(event) && !isHeldOut(event),
  );
  const storedVitals = await storeVitals(statements, { events: vitals, armsOf: vitalsArms });
  await recordProgramme(statements, { events: sent, shapes });
  const classOf = await classesOf(
    statements,
    events.filter((event): event is Exposure => event.type === 'exposure'),
    senders,
  );
  const created = await insertNewEventsVisitorsSessions(
    statements,
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
      goalId: event.type === 'goal' ? event.goalId : null,
      visitorClass: event.type === 'exposure' ? classOf(event) : null,
    })),
  );
  const fresh = events.filter((event) => created.storedIds.has(event.id));
  const exposures = fresh.filter((event): event is Exposure => event.type === 'exposure');
  // The statement opened visitors and sessions with the same rule: first new exposure of each.
  const visitorOpeners = firstBy(exposures, visitorKey);
  const sessionOpeners = firstBy(exposures, sessionKey);
  const newVisitors = new Map(
    created.visitors.map((row) => [visitorKey(row), visitorOpeners.get(visitorKey(row))!]),
  );
  const visitors = await knownVisitors(statements, fresh, newVisitors, classOf);
  const goals = fresh.filter(
    (event): event is Goal => event.type === 'goal' && visitors.has(visitorKey(event)),
  );
  // The statement reached the goals of the visitors it opened, with the same rules.
  const goalsHere = goals.filter((event) => newVisitors.has(visitorKey(event)));
  const openersHere = firstBy(goalsHere, goalKey);
  const visitorOpenersHere = firstBy(goalsHere, visitorGoalKey);
  const { reached, firstOfVisitor, conversions } = await reachGoals(statements, {
    reachedHere: created.sessionGoals.map((row) => openersHere.get(goalKey(row))!),
    firstOfVisitorHere: created.visitorGoals.map((row) =>
      visitorOpenersHere.get(visitorGoalKey(row))!,
    ),
    goals: goals.filter((event) => !newVisitors.has(visitorKey(event))),
    funnels: new Map([...shapes].map(([id, shape]) => [id, shape.funnel])),
    visitors,
  });
  const newSessions = new Map(
    created.sessions.map((row) => [sessionKey(row), sessionOpeners.get(sessionKey(row))!.id]),
  );
  const newGoalSessions = new Set(reached.map((event) => event.id));
  const totalsChanges = visitorTotalsChanges({
    events: fresh,
    countedVisitors: new Set(visitors.keys()),
    newSessions: new Set(newSessions.values()),
    newGoalSessions,
  });
  const totals = await updateVisitorTotals(statements, totalsChanges, new Set(newVisitors.keys()));
  const shard = randomInt(ROLLUP_SHARDS);
  await addToAddressCounts(
    statements,
    planAddressCounts({ exposures, newVisitors, addressOf }),
    shard,
  );
  await addToSegmentCounts(
    statements,
    planSegmentCounts({ exposures, newVisitors, classOf }),
    shard,
  );
  const rollupInput = {
    events: fresh,
    newVisitors: new Map([...newVisitors].map(([key, opener]) => [key, opener.id])),
    newSessions,
    visitors,
    newGoalSessions,
    newGoalVisitors: new Set(firstOfVisitor.map((event) => event.id)),
    conversions,
  };
  const classed = planClassTables({ ...rollupInput, totalsChanges, totals });
  await addToClassRollups(statements, SEGMENT_TABLE, classed.segments, shard);
  await addToClassRollups(statements, DIMENSION_TABLE, classed.dimensions, shard);
  await addToRollups(
    statements,
    planRollups({ ...rollupInput, metricSquares: metricSquaresOf(totalsChanges, totals) }),
    shard,
  );
  return [...fresh, ...storedVitals, ...heldOut];
}
