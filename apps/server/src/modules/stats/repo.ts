import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { QUARTER_DAY_HOURS, type Granularity } from '@kindling/domain';

// The hourly rollups added up per calendar interval of the requested zone, in SQL: the answer
// never reads raw events, and its size follows the intervals, not the traffic.

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
  /** Visitors whose first reach of the goal fell in these hours. */
  goalVisitors: number;
  conversions: number;
}

/** The interval start of a rollup hour, as date_trunc in the zone (see intervals.ts). */
function bucketOf(granularity: Granularity, timezone: string): RawBuilder<Date> {
  // An hour is an hour in every zone: grouping by the local hour would fold the repeated hour
  // of a DST fall-back into one.
  if (granularity === 'hour') return sql<Date>`r.hour`;
  const local = sql`(r.hour at time zone ${timezone})`;
  if (granularity === 'quarterDay') {
    return sql<Date>`((date_trunc('day', ${local}) + floor(extract(hour from ${local}) / ${QUARTER_DAY_HOURS}) * make_interval(hours => ${QUARTER_DAY_HOURS})) at time zone ${timezone})`;
  }
  return sql<Date>`(date_trunc(${granularity}, ${local}) at time zone ${timezone})`;
}

/**
 * One campaign's rollups of the hours starting in [start, end), added over shards and over
 * the hours of each interval, for the goal-less counts and the given goal only. Empty when the
 * campaign is not the team's.
 */
export async function sumRollupsByInterval(
  db: Db,
  query: {
    teamId: number;
    campaignId: number;
    start: Date;
    end: Date;
    granularity: Granularity;
    timezone: string;
    goalId: number | null;
  },
): Promise<BucketRow[]> {
  const bucket = bucketOf(query.granularity, query.timezone);
  const result = await sql<Record<keyof BucketRow, string | number | Date>>`
    select r.element_id as "elementId", r.arm, r.goal_id as "goalId", ${bucket} as bucket,
      sum(r.exposures) as exposures, sum(r.visitors) as visitors, sum(r.sessions) as sessions,
      sum(r.revenue) as revenue, sum(r.goal_sessions) as "goalSessions",
      sum(r.goal_visitors) as "goalVisitors", sum(r.conversions) as conversions
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
    bucket: new Date(row.bucket).getTime(),
    exposures: Number(row.exposures),
    visitors: Number(row.visitors),
    sessions: Number(row.sessions),
    revenue: Number(row.revenue),
    goalSessions: Number(row.goalSessions),
    goalVisitors: Number(row.goalVisitors),
    conversions: Number(row.conversions),
  }));
}
