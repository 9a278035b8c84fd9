import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Interval } from './intervals';

// The hourly rollups added up per calendar interval of the requested zone, in SQL: the answer
// never reads raw events, and its size follows the intervals, not the traffic. The intervals
// come from intervals.ts; each hour goes to the one it starts in by width_bucket (a binary
// search), which costs a third of converting every row to local time with date_trunc, and
// leaves one definition of the calendar instead of one in SQL and one in TypeScript.

export interface BucketRow {
  elementId: number;
  /** 0 for the control, else the variant id. */
  arm: number;
  /** 0 for exposures, visitors, sessions and revenue; else the goal's counts. */
  goalId: number;
  /** Start of the interval (ms). */
  bucket: number;
  exposures: number;
  visitors: number;
  sessions: number;
  revenue: number;
  goalSessions: number;
  conversions: number;
}

/**
 * One campaign's rollups of the hours starting in [start, end), added over shards and over
 * the hours of each interval, for the goal-less counts and the given goal only. `intervals`
 * hold every such hour (statsIntervals of the same range). Empty when the campaign is not the
 * team's.
 */
export async function sumRollupsByInterval(
  db: Db,
  query: {
    teamId: number;
    campaignId: number;
    start: Date;
    end: Date;
    intervals: readonly Interval[];
    goalId: number | null;
  },
): Promise<BucketRow[]> {
  const starts = query.intervals.map((interval) => new Date(interval.start).toISOString());
  const result = await sql<Record<keyof BucketRow, string | number | Date>>`
    select r.element_id as "elementId", r.arm, r.goal_id as "goalId",
      width_bucket(r.hour, ${starts}::timestamptz[]) as bucket,
      sum(r.exposures) as exposures, sum(r.visitors) as visitors, sum(r.sessions) as sessions,
      sum(r.revenue) as revenue, sum(r.goal_sessions) as "goalSessions",
      sum(r.conversions) as conversions
    from rollups_hourly r
    join campaigns c on c.id = r.campaign_id and c.team_id = ${query.teamId}
    where r.campaign_id = ${query.campaignId}
      and r.hour >= ${query.start} and r.hour < ${query.end}
      and r.goal_id in (0, ${query.goalId ?? 0})
    group by r.element_id, r.arm, r.goal_id, 4
  `.execute(db);
  return result.rows.map((row) => ({
    elementId: Number(row.elementId),
    arm: Number(row.arm),
    goalId: Number(row.goalId),
    // width_bucket counts from 1; an hour of the range is never before the first start.
    bucket: query.intervals[Number(row.bucket) - 1]!.start,
    exposures: Number(row.exposures),
    visitors: Number(row.visitors),
    sessions: Number(row.sessions),
    revenue: Number(row.revenue),
    goalSessions: Number(row.goalSessions),
    conversions: Number(row.conversions),
  }));
}
