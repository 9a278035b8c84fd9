import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import type { Arms, RollupRow } from './rollup-plan';

export interface EventRow {
  id: string;
  campaignId: number;
  type: 'exposure' | 'goal' | 'revenue';
  visitorId: string;
  sessionId: string;
  ts: Date;
  url: string;
  data: string;
}

/** Stores the events not stored before; answers the ids it stored. */
export async function insertNewEvents(tx: Tx, rows: EventRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const stored = await tx
    .insertInto('events')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .execute();
  return new Set(stored.map((row) => row.id));
}

export async function insertNewVisitors(
  tx: Tx,
  rows: { campaignId: number; visitorId: string; firstExposureAt: Date; assignments: Arms }[],
) {
  if (rows.length === 0) return [];
  return tx
    .insertInto('campaignVisitors')
    .values(rows.map((row) => ({ ...row, assignments: JSON.stringify(row.assignments) })))
    .onConflict((conflict) => conflict.columns(['campaignId', 'visitorId']).doNothing())
    .returning(['campaignId', 'visitorId'])
    .execute();
}

export async function insertNewSessions(
  tx: Tx,
  rows: { campaignId: number; sessionId: string; visitorId: string; startedAt: Date }[],
) {
  if (rows.length === 0) return [];
  return tx
    .insertInto('campaignSessions')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['campaignId', 'sessionId']).doNothing())
    .returning(['campaignId', 'sessionId'])
    .execute();
}

const pairs = (columns: string, values: [number, string][]) =>
  sql<boolean>`(${sql.raw(columns)}) in (${sql.join(values.map(([a, b]) => sql`(${a}, ${b})`))})`;

export async function findVisitors(tx: Tx, keys: [number, string][]) {
  if (keys.length === 0) return [];
  return tx
    .selectFrom('campaignVisitors')
    .select(['campaignId', 'visitorId', 'firstExposureAt', 'assignments'])
    .where(pairs('campaign_id, visitor_id', keys))
    .execute();
}

export async function insertNewSessionGoals(
  tx: Tx,
  rows: { campaignId: number; sessionId: string; goalId: number; reachedAt: Date }[],
) {
  if (rows.length === 0) return [];
  return tx
    .insertInto('sessionGoals')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['campaignId', 'sessionId', 'goalId']).doNothing())
    .returning(['campaignId', 'sessionId', 'goalId'])
    .execute();
}

export async function findSessionGoals(tx: Tx, keys: [number, string][]) {
  if (keys.length === 0) return [];
  return tx
    .selectFrom('sessionGoals')
    .select(['campaignId', 'sessionId', 'goalId', 'reachedAt'])
    .where(pairs('campaign_id, session_id', keys))
    .execute();
}

/** Adds the batch's counts to the hourly rollups; rows come sorted, so locks come in order. */
export async function addToRollups(tx: Tx, rows: RollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const add = (column: string) =>
    sql<number>`rollups_hourly.${sql.raw(column)} + excluded.${sql.raw(column)}`;
  await tx
    .insertInto('rollupsHourly')
    .values(rows.map((row) => ({ ...row, hour: new Date(row.hour) })))
    .onConflict((conflict) =>
      conflict.columns(['campaignId', 'hour', 'elementId', 'arm', 'goalId']).doUpdateSet({
        exposures: add('exposures'),
        visitors: add('visitors'),
        sessions: add('sessions'),
        goalSessions: add('goal_sessions'),
        conversions: add('conversions'),
        revenue: add('revenue'),
        applied: add('applied'),
        missed: add('missed'),
        appliedMs: add('applied_ms'),
      }),
    )
    .execute();
}

export async function countDroppedBots(db: Db, day: string, bots: number): Promise<void> {
  await db
    .insertInto('collectDrops')
    .values({ day, bots })
    .onConflict((conflict) =>
      conflict.column('day').doUpdateSet({ bots: sql`collect_drops.bots + excluded.bots` }),
    )
    .execute();
}

/** The newest stored exposure of any of these campaigns. */
export async function findLastExposure(db: Db, campaignIds: number[]) {
  if (campaignIds.length === 0) return undefined;
  return db
    .selectFrom('events')
    .select(['receivedAt', 'url'])
    .where('campaignId', 'in', campaignIds)
    .where('type', '=', 'exposure')
    .orderBy('receivedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}
