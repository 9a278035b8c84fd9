import type { VisitorClass } from '@kindling/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Statements } from '../../db/statement-transaction';
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
  /** Exposures: the class a visitor it opens keeps (null: no user agent); null otherwise. */
  visitorClass: VisitorClass | null;
}

export interface SessionGoalKey {
  campaignId: number;
  sessionId: string;
  goalId: number;
}

export interface VisitorGoalKey {
  campaignId: number;
  visitorId: string;
  goalId: number;
}

/**
 * Rows as one JSON parameter: one round trip and one short plan whatever the batch size. jsonb,
 * because `jsonb_to_recordset` hands nested objects to jsonb columns as they are parsed, where
 * `json_to_recordset` prints and parses each again (a group of 400 events: 0.5 ms, not 1.7).
 */
const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * One statement: stores the events not stored before; for the new exposures among them, the
 * visitors and sessions they open (the first exposure of each, in the rows' order); and for the
 * new goal events of the visitors it opened, the session goals and visitor goals they reach
 * first (the first event of each, in the rows' order). Answers the stored event ids and the
 * created visitor, session, session-goal and visitor-goal keys. Goals of visitors stored
 * before are left to `insertNewGoalReaches`, which runs after a lookup that sees concurrent
 * commits.
 */
export async function insertNewEventsVisitorsSessions(
  statements: Statements,
  rows: EventRow[],
): Promise<{
  storedIds: Set<string>;
  visitors: VisitorKey[];
  sessions: SessionKey[];
  sessionGoals: SessionGoalKey[];
  visitorGoals: VisitorGoalKey[];
}> {
  const created = await statements.rows<{
    kind: 'event' | 'visitor' | 'session' | 'goal' | 'visitorGoal';
    campaign: number;
    key: string;
    goal: number | null;
  }>(sql`
    with input as (
      select id, "campaignId" as campaign_id, type, "visitorId" as visitor_id,
        "sessionId" as session_id, ts, url, data, arms, "goalId" as goal_id, ord,
        "visitorClass"->>'browser' as browser, "visitorClass"->>'device' as device,
        "visitorClass"->>'visitorType' as visitor_type,
        "visitorClass"->'open'->>'referrer' as referrer,
        "visitorClass"->'open'->>'utm_source' as utm_source,
        "visitorClass"->'open'->>'utm_medium' as utm_medium,
        "visitorClass"->'open'->>'utm_campaign' as utm_campaign,
        "visitorClass"->'open'->>'country' as country
      from jsonb_to_recordset(${json(rows.map((row, ord) => ({ ...row, ord })))})
        as x(id uuid, "campaignId" integer, type text, "visitorId" text, "sessionId" text,
          ts timestamptz, url text, data jsonb, arms jsonb, "goalId" integer, ord integer,
          "visitorClass" jsonb)
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
      insert into campaign_visitors (campaign_id, visitor_id, first_exposure_at, assignments,
        browser, device, visitor_type, referrer, utm_source, utm_medium, utm_campaign, country)
      select distinct on (campaign_id, visitor_id) campaign_id, visitor_id, ts, arms, browser,
        device, visitor_type, referrer, utm_source, utm_medium, utm_campaign, country
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
    new_visitor_goals as (
      select input.* from input
      join stored on stored.id = input.id
      where input.type = 'goal'
        and (input.campaign_id, input.visitor_id) in (select campaign_id, visitor_id from visitors)
    ),
    session_goals_reached as (
      insert into session_goals (campaign_id, session_id, goal_id, reached_at)
      select distinct on (campaign_id, session_id, goal_id) campaign_id, session_id, goal_id, ts
      from new_visitor_goals order by campaign_id, session_id, goal_id, ord
      on conflict (campaign_id, session_id, goal_id) do nothing
      returning campaign_id, session_id, goal_id
    ),
    visitor_goals_reached as (
      insert into visitor_goals (campaign_id, visitor_id, goal_id, reached_at)
      select distinct on (campaign_id, visitor_id, goal_id) campaign_id, visitor_id, goal_id, ts
      from new_visitor_goals order by campaign_id, visitor_id, goal_id, ord
      on conflict (campaign_id, visitor_id, goal_id) do nothing
      returning campaign_id, visitor_id, goal_id
    )
    select 'event' as kind, 0 as campaign, id::text as key, null::integer as goal from stored
    union all select 'visitor', campaign_id, visitor_id, null from visitors
    union all select 'session', campaign_id, session_id, null from sessions
    union all select 'goal', campaign_id, session_id, goal_id from session_goals_reached
    union all select 'visitorGoal', campaign_id, visitor_id, goal_id from visitor_goals_reached
  `);
  const storedIds = new Set<string>();
  const visitors: VisitorKey[] = [];
  const sessions: SessionKey[] = [];
  const sessionGoals: SessionGoalKey[] = [];
  const visitorGoals: VisitorGoalKey[] = [];
  for (const row of created) {
    const campaignId = row.campaign;
    if (row.kind === 'event') storedIds.add(row.key);
    else if (row.kind === 'visitor') visitors.push({ campaignId, visitorId: row.key });
    else if (row.kind === 'session') sessions.push({ campaignId, sessionId: row.key });
    else if (row.kind === 'goal')
      sessionGoals.push({ campaignId, sessionId: row.key, goalId: row.goal! });
    else visitorGoals.push({ campaignId, visitorId: row.key, goalId: row.goal! });
  }
  return { storedIds, visitors, sessions, sessionGoals, visitorGoals };
}

const pairs = (columns: string, values: [number, string][]) =>
  sql<boolean>`(${sql.raw(columns)}) in (${sql.join(values.map(([a, b]) => sql`(${a}, ${b})`))})`;

/**
 * One statement: the session goals and the visitor goals reached for the first time (each
 * row the first of its key, in order), answering the keys that were new.
 */
export async function insertNewGoalReaches(
  statements: Statements,
  reaches: {
    sessionGoals: (SessionGoalKey & { reachedAt: string })[];
    visitorGoals: (VisitorGoalKey & { reachedAt: string })[];
  },
): Promise<{ sessionGoals: SessionGoalKey[]; visitorGoals: VisitorGoalKey[] }> {
  if (reaches.sessionGoals.length === 0 && reaches.visitorGoals.length === 0) {
    return { sessionGoals: [], visitorGoals: [] };
  }
  const rows = await statements.rows<{
    kind: 'session' | 'visitor';
    campaign: number;
    key: string;
    goal: number;
  }>(sql`
    with session_goals_reached as (
      insert into session_goals (campaign_id, session_id, goal_id, reached_at)
      select "campaignId", "sessionId", "goalId", "reachedAt"
      from jsonb_to_recordset(${json(reaches.sessionGoals)})
        as x("campaignId" integer, "sessionId" text, "goalId" integer, "reachedAt" timestamptz)
      on conflict (campaign_id, session_id, goal_id) do nothing
      returning campaign_id, session_id, goal_id
    ),
    visitor_goals_reached as (
      insert into visitor_goals (campaign_id, visitor_id, goal_id, reached_at)
      select "campaignId", "visitorId", "goalId", "reachedAt"
      from jsonb_to_recordset(${json(reaches.visitorGoals)})
        as x("campaignId" integer, "visitorId" text, "goalId" integer, "reachedAt" timestamptz)
      on conflict (campaign_id, visitor_id, goal_id) do nothing
      returning campaign_id, visitor_id, goal_id
    )
    select 'session' as kind, campaign_id as campaign, session_id as key, goal_id as goal
    from session_goals_reached
    union all select 'visitor', campaign_id, visitor_id, goal_id from visitor_goals_reached
  `);
  return {
    sessionGoals: rows
      .filter((row) => row.kind === 'session')
      .map((row) => ({ campaignId: row.campaign, sessionId: row.key, goalId: row.goal })),
    visitorGoals: rows
      .filter((row) => row.kind === 'visitor')
      .map((row) => ({ campaignId: row.campaign, visitorId: row.key, goalId: row.goal })),
  };
}

export async function findSessionGoals(statements: Statements, keys: [number, string][]) {
  if (keys.length === 0) return [];
  return statements.rows<{
    campaignId: number;
    sessionId: string;
    goalId: number;
    reachedAt: Date | string;
  }>(sql`
    select campaign_id as "campaignId", session_id as "sessionId", goal_id as "goalId",
      reached_at as "reachedAt"
    from session_goals where ${pairs('campaign_id, session_id', keys)}
  `);
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
    goal_visitors = rollups_hourly.goal_visitors + excluded.goal_visitors,
    conversions = rollups_hourly.conversions + excluded.conversions,
    revenue = rollups_hourly.revenue + excluded.revenue,
    applied = rollups_hourly.applied + excluded.applied,
    missed = rollups_hourly.missed + excluded.missed,
    value_squares = rollups_hourly.value_squares + excluded.value_squares,
    value_sessions = rollups_hourly.value_sessions + excluded.value_sessions,
    session_squares = rollups_hourly.session_squares + excluded.session_squares,
    applied_ms_histogram = coalesce((
      select array_agg(coalesce(kept, 0) + coalesce(added, 0) order by bucket)
      from unnest(rollups_hourly.applied_ms_histogram, excluded.applied_ms_histogram)
        with ordinality as buckets(kept, added, bucket)
    ), '{}')
`;

/**
 * Adds the batch's counts to the hourly rollups in one statement, on one shard of each key;
 * rows come sorted, so locks come in order (no deadlocks between concurrent batches). It is
 * the transaction's last statement (on PostgreSQL it travels with the COMMIT).
 */
export async function addToRollups(
  statements: Statements,
  rows: RollupRow[],
  shard: number,
): Promise<void> {
  if (rows.length === 0) return;
  const input = rows.map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
  await statements.last(sql`
    insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard, exposures,
      visitors, sessions, goal_sessions, goal_visitors, conversions, revenue, applied, missed,
      value_squares, value_sessions, session_squares, applied_ms_histogram)
    select "campaignId", hour, "elementId", arm, "goalId", ${shard}::smallint, exposures,
      visitors, sessions, "goalSessions", "goalVisitors", conversions, revenue, applied, missed,
      "valueSquares", "valueSessions", "sessionSquares", "appliedMsHistogram"
    from jsonb_to_recordset(${json(input)}) as x(
      "campaignId" integer, hour timestamptz, "elementId" integer, arm integer, "goalId" integer,
      exposures bigint, visitors bigint, sessions bigint, "goalSessions" bigint,
      "goalVisitors" bigint, conversions bigint, revenue double precision, applied bigint,
      missed bigint, "valueSquares" double precision, "valueSessions" double precision,
      "sessionSquares" double precision, "appliedMsHistogram" bigint[]
    )
    order by "campaignId", hour, "elementId", arm, "goalId"
    ${addExcludedCounts}
  `);
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
        visitors, sessions, goal_sessions, goal_visitors, conversions, revenue, applied, missed,
        value_squares, value_sessions, session_squares, applied_ms_histogram)
      select ${key}, 0, sum(exposures), sum(visitors), sum(sessions), sum(goal_sessions),
        sum(goal_visitors), sum(conversions), sum(revenue), sum(applied), sum(missed),
        sum(value_squares), sum(value_sessions), sum(session_squares),
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
