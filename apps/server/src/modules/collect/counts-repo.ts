import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { NO_GOAL, type RollupRow } from './rollup-plan';

/** A campaign's rollups summed over hours and shards, one row per element, arm and goal. */
export async function sumRollups(db: Db, campaignId: number) {
  const rows = await db
    .selectFrom('rollupsHourly')
    .select(['elementId', 'arm', 'goalId'])
    .select((eb) => [
      eb.fn.sum<string>('exposures').as('exposures'),
      eb.fn.sum<string>('visitors').as('visitors'),
      eb.fn.sum<string>('sessions').as('sessions'),
      eb.fn.sum<string>('goalSessions').as('goalSessions'),
      eb.fn.sum<string>('conversions').as('conversions'),
      eb.fn.sum<number>('revenue').as('revenue'),
      eb.fn.sum<string>('applied').as('applied'),
      eb.fn.sum<string>('missed').as('missed'),
    ])
    .where('campaignId', '=', campaignId)
    .groupBy(['elementId', 'arm', 'goalId'])
    .orderBy(sql`element_id, arm, goal_id`)
    .execute();
  return rows.map((row) => ({
    elementId: row.elementId,
    arm: row.arm,
    goalId: row.goalId,
    exposures: Number(row.exposures),
    visitors: Number(row.visitors),
    sessions: Number(row.sessions),
    goalSessions: Number(row.goalSessions),
    conversions: Number(row.conversions),
    revenue: Number(row.revenue),
    applied: Number(row.applied),
    missed: Number(row.missed),
  }));
}

/** Page views where the campaign runs that had none of its elements (not-on-page.ts). */
export async function notOnPageViewsOf(db: Db, campaignId: number): Promise<number> {
  const row = await db
    .selectFrom('campaigns')
    .select('notOnPageViews')
    .where('id', '=', campaignId)
    .executeTakeFirst();
  return Number(row?.notOnPageViews ?? 0);
}

/** The applied-time histograms of a campaign's exposure rows, added bucket by bucket. */
export async function sumAppliedHistograms(db: Db, campaignId: number) {
  const rows = await sql<{ elementId: number; arm: number; bucket: string; count: string }>`
    select element_id as "elementId", arm, bucket, sum(count) as count
    from rollups_hourly, unnest(applied_ms_histogram) with ordinality as h(count, bucket)
    where campaign_id = ${campaignId} and goal_id = ${NO_GOAL}
    group by element_id, arm, bucket
  `.execute(db);
  const histograms = new Map<string, number[]>();
  for (const row of rows.rows) {
    const key = `${row.elementId}:${row.arm}`;
    const counts = histograms.get(key) ?? [];
    counts[Number(row.bucket) - 1] = Number(row.count);
    histograms.set(key, counts);
  }
  return histograms;
}

/**
 * Writes generated rollups of one of the team's campaigns (a demo) on shard 0, where folded
 * past hours live: the rows the collector would have written, read by the same stats query.
 */
export async function insertCampaignRollups(
  db: Db,
  { teamId, campaignId, rows }: { teamId: number; campaignId: number; rows: RollupRow[] },
): Promise<void> {
  const CHUNK = 5000;
  for (let from = 0; from < rows.length; from += CHUNK) {
    const input = rows
      .slice(from, from + CHUNK)
      .map((row) => ({ ...row, hour: new Date(row.hour).toISOString() }));
    await sql`
      insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard, exposures,
        visitors, sessions, goal_sessions, goal_visitors, conversions, revenue, applied, missed,
        value_squares, value_sessions, session_squares, applied_ms_histogram)
      select c.id, x.hour, x."elementId", x.arm, x."goalId", 0, x.exposures, x.visitors,
        x.sessions, x."goalSessions", x."goalVisitors", x.conversions, x.revenue, x.applied,
        x.missed, x."valueSquares", x."valueSessions", x."sessionSquares", x."appliedMsHistogram"
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
        hour timestamptz, "elementId" integer, arm integer, "goalId" integer, exposures bigint,
        visitors bigint, sessions bigint, "goalSessions" bigint, "goalVisitors" bigint,
        conversions bigint, revenue double precision, applied bigint, missed bigint,
        "valueSquares" double precision, "valueSessions" double precision,
        "sessionSquares" double precision, "appliedMsHistogram" bigint[]
      )
      join campaigns c on c.id = ${campaignId} and c.team_id = ${teamId}
    `.execute(db);
  }
}
