import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import type { Arms, RollupRow } from './rollup-plan';

export interface VisitorKey {
  campaignId: number;
  visitorId: string;
}
export interface SessionKey {
  campaignId: number;
  sessionId: string;
}

export interface EventRow {
  id: string;
  campaignId: number;
  type: 'exposure' | 'goal' | 'revenue';
  visitorId: string;
  sessionId: string;
  /** ISO time. */
  ts: string;
  url: string;
  data: unknown;
  /** Exposures: the arms it assigned (what a visitor row keeps); null otherwise. */
  arms: Arms | null;
  /** Goal events: the goal reached; null otherwise. */
  goalId: number | null;
}

export interface SessionGoalKey {
  campaignId: number;
  sessionId: string;
  goalId: number;
}

/**
 * One statement: stores the events not stored before; for the new exposures among them, the
 * visitors and sessions they open (the first exposure of each, in the rows' order); and for the
 * new goal events of the visitors it opened, the session goals they reach first (the first
 * event of each, in the rows' order). The rows travel as one JSON parameter, so a batch costs
 * one round trip and one short plan whatever its size. Answers the stored event ids and the
 * created visitor, session and session-goal keys. Goals of visitors stored before are left to
 * `insertNewSessionGoals`, which runs after a lookup that sees concurrent commits.
 */
export async function insertNewEventsVisitorsSessions(
  tx: Tx,
  rows: EventRow[],
): Promise<{
  storedIds: Set<string>;
  visitors: VisitorKey[];
  sessions: SessionKey[];
  sessionGoals: SessionGoalKey[];
}> {
  const created = await sql<{
    kind: 'event' | 'visitor' | 'session' | 'goal';
    campaign: number;
    key: string;
    goal: number | null;
  }>`
    with input as (
      select id, "campaignId" as campaign_id, type, "visitorId" as visitor_id,
        "sessionId" as session_id, ts, url, data, arms, "goalId" as goal_id, ord
      from json_to_recordset(${JSON.stringify(rows.map((row, ord) => ({ ...row, ord })))}::json)
        as x(id uuid, "campaignId" integer, type text, "visitorId" text, "sessionId" text,
          ts timestamptz, url text, data jsonb, arms jsonb, "goalId" integer, ord integer)
    ),
    stored as (
      insert into events (id, campaign_id, type, visitor_id, session_id, ts, url, data)
      select id, campaign_id, type, visitor_id, session_id, ts, url, data from input
      on conflict (id) do nothing
      returning id
    ),
    fresh_exposures as (
      select input.* from input join stored on stored.id = input.id where input.type = 'exposure'
    ),
    visitors as (
      insert into campaign_visitors (campaign_id, visitor_id, first_exposure_at, assignments)
      select distinct on (campaign_id, visitor_id) campaign_id, visitor_id, ts, arms
      from fresh_exposures order by campaign_id, visitor_id, ord
      on conflict (campaign_id, visitor_id) do nothing
      returning campaign_id, visitor_id
    ),
    sessions as (
      insert into campaign_sessions (campaign_id, session_id, visitor_id, started_at)
      select distinct on (campaign_id, session_id) campaign_id, session_id, visitor_id, ts
      from fresh_exposures order by campaign_id, session_id, ord
      on conflict (campaign_id, session_id) do nothing
      returning campaign_id, session_id
    ),
    session_goals_reached as (
      insert into session_goals (campaign_id, session_id, goal_id, reached_at)
      select distinct on (input.campaign_id, input.session_id, input.goal_id)
        input.campaign_id, input.session_id, input.goal_id, input.ts
      from input
      join stored on stored.id = input.id
      join visitors on visitors.campaign_id = input.campaign_id
        and visitors.visitor_id = input.visitor_id
      where input.type = 'goal'
      order by input.campaign_id, input.session_id, input.goal_id, input.ord
      on conflict (campaign_id, session_id, goal_id) do nothing
      returning campaign_id, session_id, goal_id
    )
    select 'event' as kind, 0 as campaign, id::text as key, null::integer as goal from stored
    union all select 'visitor', campaign_id, visitor_id, null from visitors
    union all select 'session', campaign_id, session_id, null from sessions
    union all select 'goal', campaign_id, session_id, goal_id from session_goals_reached
  `.execute(tx);
  const storedIds = new Set<string>();
  const visitors: VisitorKey[] = [];
  const sessions: SessionKey[] = [];
  const sessionGoals: SessionGoalKey[] = [];
  for (const row of created.rows) {
    if (row.kind === 'event') storedIds.add(row.key);
    else if (row.kind === 'visitor')
      visitors.push({ campaignId: row.campaign, visitorId: row.key });
    else if (row.kind === 'session')
      sessions.push({ campaignId: row.campaign, sessionId: row.key });
    else sessionGoals.push({ campaignId: row.campaign, sessionId: row.key, goalId: row.goal! });
  }
  return { storedIds, visitors, sessions, sessionGoals };
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

/**
 * Adds the counts of an insert that found its rollup row already there. Two empty histograms
 * (rows from before migration 0007, or folded from them) unnest to no row: still empty.
 */
const addExcludedCounts = sql`
  on conflict (campaign_id, hour, element_id, arm, goal_id, shard) do update set
    exposures = rollups_hourly.exposures + excluded.exposures,
    visitors = rollups_hourly.visitors + excluded.visitors,
    sessions = rollups_hourly.sessions + excluded.sessions,
    goal_sessions = rollups_hourly.goal_sessions + excluded.goal_sessions,
    conversions = rollups_hourly.conversions + excluded.conversions,
    revenue = rollups_hourly.revenue + excluded.revenue,
    applied = rollups_hourly.applied + excluded.applied,
    missed = rollups_hourly.missed + excluded.missed,
    applied_ms_histogram = coalesce((
      select array_agg(coalesce(kept, 0) + coalesce(added, 0) order by bucket)
      from unnest(rollups_hourly.applied_ms_histogram, excluded.applied_ms_histogram)
        with ordinality as buckets(kept, added, bucket)
    ), '{}')
`;

/**
 * Adds the batch's counts to the hourly rollups in one statement, on one shard of each key;
 * rows come sorted, so locks come in order (no deadlocks between concurrent batches).
 */
export async function addToRollups(tx: Tx, rows: RollupRow[], shard: number): Promise<void> {
  if (rows.length === 0) return;
  const input = rows.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
  await sql`
    insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard, exposures,
      visitors, sessions, goal_sessions, conversions, revenue, applied, missed,
      applied_ms_histogram)
    select "campaignId", hour, "elementId", arm, "goalId", ${shard}::smallint, exposures, visitors, sessions,
      "goalSessions", conversions, revenue, applied, missed, "appliedMsHistogram"
    from json_to_recordset(${JSON.stringify(input)}::json) as x(
      "campaignId" integer, hour timestamptz, "elementId" integer, arm integer, "goalId" integer,
      exposures bigint, visitors bigint, sessions bigint, "goalSessions" bigint,
      conversions bigint, revenue double precision, applied bigint, missed bigint,
      "appliedMsHistogram" bigint[]
    )
    order by "campaignId", hour, "elementId", arm, "goalId"
    ${addExcludedCounts}
  `.execute(tx);
}

/**
 * Folds the shards of the hours starting before `before` into shard 0, at most `limit` rows
 * in one statement, in key order (the order batches lock rows in, so no deadlock with them).
 * Every team's rollups: the caller is the server's background upkeep. Answers the rows folded.
 */
export async function dangerousFoldRollupShards(
  db: Db,
  { before, limit }: { before: Date; limit: number },
): Promise<number> {
  const key = sql.raw('campaign_id, hour, element_id, arm, goal_id');
  const result = await sql<{ folded: string }>`
    with picked as (
      select ctid from rollups_hourly where shard <> 0 and hour < ${before}
      order by ${key}, shard limit ${limit} for update
    ),
    moved as (
      delete from rollups_hourly where ctid = any (array(select ctid from picked))
      returning *
    ),
    buckets as (
      select ${key}, bucket, sum(n) as n
      from moved cross join lateral unnest(applied_ms_histogram) with ordinality as h(n, bucket)
      group by ${key}, bucket
    ),
    histograms as (
      select ${key}, array_agg(n order by bucket) as histogram from buckets group by ${key}
    ),
    folded as (
      insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard, exposures,
        visitors, sessions, goal_sessions, conversions, revenue, applied, missed,
        applied_ms_histogram)
      select ${key}, 0, sum(exposures), sum(visitors), sum(sessions), sum(goal_sessions),
        sum(conversions), sum(revenue), sum(applied), sum(missed),
        coalesce(max(h.histogram), '{}')
      from moved left join histograms h using (campaign_id, hour, element_id, arm, goal_id)
      group by ${key}
      order by ${key}
      ${addExcludedCounts}
    )
    select count(*) as folded from moved
  `.execute(db);
  return Number(result.rows[0]?.folded ?? 0);
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
