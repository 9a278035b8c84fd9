import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { QUARTER_DAY_HOURS, type Granularity } from '@kindling/domain';
import { NO_GOAL } from './arm-series';

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
  /** The earliest rollup hour added into the row (ms). */
  firstHour: number;
  exposures: number;
  visitors: number;
  sessions: number;
  revenue: number;
  goalSessions: number;
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

interface RollupSelection {
  teamId: number;
  campaignId: number;
  /** The rows' bucket: each row adds up the hours that share one. */
  bucket: RawBuilder<Date>;
  /** Which hours are read. */
  hours: RawBuilder<boolean>;
  goalIds: readonly number[];
}

async function sumRollups(db: Db, query: RollupSelection): Promise<BucketRow[]> {
  const result = await sql<Record<keyof BucketRow, string | number | Date>>`
    select r.element_id as "elementId", r.arm, r.goal_id as "goalId", ${query.bucket} as bucket,
      sum(r.exposures) as exposures, sum(r.visitors) as visitors, sum(r.sessions) as sessions,
      sum(r.revenue) as revenue, sum(r.goal_sessions) as "goalSessions",
      sum(r.conversions) as conversions, min(r.hour) as "firstHour"
    from rollups_hourly r
    join campaigns c on c.id = r.campaign_id and c.team_id = ${query.teamId}
    where r.campaign_id = ${query.campaignId}
      and ${query.hours}
      and r.goal_id in (${sql.join([NO_GOAL, ...query.goalIds])})
    group by r.element_id, r.arm, r.goal_id, 4
  `.execute(db);
  return result.rows.map((row) => ({
    elementId: Number(row.elementId),
    arm: Number(row.arm),
    goalId: Number(row.goalId),
    bucket: new Date(row.bucket).getTime(),
    firstHour: new Date(row.firstHour).getTime(),
    exposures: Number(row.exposures),
    visitors: Number(row.visitors),
    sessions: Number(row.sessions),
    revenue: Number(row.revenue),
    goalSessions: Number(row.goalSessions),
    conversions: Number(row.conversions),
  }));
}

/**
 * One campaign's rollups of the hours starting in [start, end), added over shards and over
 * the hours of each interval, for the goal-less counts and the given goals only. Empty when the
 * campaign is not the team's.
 */
export function sumRollupsByInterval(
  db: Db,
  query: {
    teamId: number;
    campaignId: number;
    start: Date;
    end: Date;
    granularity: Granularity;
    timezone: string;
    goalIds: readonly number[];
  },
): Promise<BucketRow[]> {
  return sumRollups(db, {
    ...query,
    bucket: bucketOf(query.granularity, query.timezone),
    hours: sql<boolean>`r.hour >= ${query.start} and r.hour < ${query.end}`,
  });
}

/** One campaign's rollups of all time, one row per element, arm and goal (bucket: the epoch, 0). */
export function sumRollupsOverLifetime(
  db: Db,
  query: { teamId: number; campaignId: number; goalIds: readonly number[] },
): Promise<BucketRow[]> {
  return sumRollups(db, {
    ...query,
    bucket: sql<Date>`'epoch'::timestamptz`,
    hours: sql<boolean>`true`,
  });
}
