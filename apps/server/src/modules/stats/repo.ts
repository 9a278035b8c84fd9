import type { StatsSegment } from '@kindling/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { NO_GOAL } from './arm-series';
import type { Interval } from './intervals';
import { inSegment, rollupTable } from './segment-filter';

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
  /** The earliest rollup hour added into the row (ms). */
  firstHour: number;
  exposures: number;
  visitors: number;
  sessions: number;
  revenue: number;
  goalSessions: number;
  /** Visitors whose first reach of the goal fell in these hours. */
  goalVisitors: number;
  conversions: number;
  /** Sums over visitors for mean and ratio metrics (RollupSquares in the domain). */
  valueSquares: number;
  valueSessions: number;
  sessionSquares: number;
}

interface RollupSelection {
  teamId: number;
  campaignId: number;
  /** The rows' bucket: each row adds up the hours that share one. */
  bucket: RawBuilder<unknown>;
  /** The bucket's start (ms) from what SQL answered for it. */
  bucketStart: (raw: unknown) => number;
  /** Which hours are read. */
  hours: RawBuilder<boolean>;
  goalIds: readonly number[];
  /** Only this segment's visitors (the segment rollups); all of them when absent. */
  segment?: StatsSegment | undefined;
}

async function sumRollups(db: Db, query: RollupSelection): Promise<BucketRow[]> {
  const result = await sql<Record<keyof BucketRow, string | number | Date>>`
    select r.element_id as "elementId", r.arm, r.goal_id as "goalId", ${query.bucket} as bucket,
      sum(r.exposures) as exposures, sum(r.visitors) as visitors, sum(r.sessions) as sessions,
      sum(r.revenue) as revenue, sum(r.goal_sessions) as "goalSessions",
      sum(r.goal_visitors) as "goalVisitors", sum(r.conversions) as conversions,
      sum(r.value_squares) as "valueSquares", sum(r.value_sessions) as "valueSessions",
      sum(r.session_squares) as "sessionSquares", min(r.hour) as "firstHour"
    from ${rollupTable(query.segment)} r
    join campaigns c on c.id = r.campaign_id and c.team_id = ${query.teamId}
    where r.campaign_id = ${query.campaignId}
      and ${query.hours} and ${inSegment('r', query.segment)}
      and r.goal_id in (${sql.join([NO_GOAL, ...query.goalIds])})
    group by r.element_id, r.arm, r.goal_id, 4
  `.execute(db);
  return result.rows.map((row) => ({
    elementId: Number(row.elementId),
    arm: Number(row.arm),
    goalId: Number(row.goalId),
    bucket: query.bucketStart(row.bucket),
    firstHour: new Date(row.firstHour).getTime(),
    exposures: Number(row.exposures),
    visitors: Number(row.visitors),
    sessions: Number(row.sessions),
    revenue: Number(row.revenue),
    goalSessions: Number(row.goalSessions),
    goalVisitors: Number(row.goalVisitors),
    conversions: Number(row.conversions),
    valueSquares: Number(row.valueSquares),
    valueSessions: Number(row.valueSessions),
    sessionSquares: Number(row.sessionSquares),
  }));
}

/** Hours starting in [start, end) (ms). */
export interface HourRange {
  start: number;
  end: number;
}

/**
 * One campaign's rollups of the hours starting in any of `hours`, added over shards and over
 * the hours of each interval, for the goal-less counts and the given goals only. `intervals`
 * hold every such hour (statsIntervals of a range holding them). Empty when the campaign is
 * not the team's.
 */
export function sumRollupsByInterval(
  db: Db,
  query: {
    teamId: number;
    campaignId: number;
    hours: readonly HourRange[];
    intervals: readonly Interval[];
    goalIds: readonly number[];
    segment?: StatsSegment | undefined;
  },
): Promise<BucketRow[]> {
  const starts = query.intervals.map((interval) => new Date(interval.start).toISOString());
  const inRange = ({ start, end }: HourRange) =>
    sql<boolean>`(r.hour >= ${new Date(start)} and r.hour < ${new Date(end)})`;
  return sumRollups(db, {
    ...query,
    bucket: sql`width_bucket(r.hour, ${starts}::timestamptz[])`,
    // width_bucket counts from 1; an hour read is never before the first start.
    bucketStart: (raw) => query.intervals[Number(raw) - 1]!.start,
    hours: sql<boolean>`(${sql.join(query.hours.map(inRange), sql` or `)})`,
  });
}

/** One campaign's rollups of all time, one row per element, arm and goal (bucket: the epoch, 0). */
export function sumRollupsOverLifetime(
  db: Db,
  query: { teamId: number; campaignId: number; goalIds: readonly number[] },
): Promise<BucketRow[]> {
  return sumRollups(db, {
    ...query,
    bucket: sql`0`,
    bucketStart: () => 0,
    hours: sql<boolean>`true`,
  });
}

/** One arm's paying visitors' revenue, each capped: Σ min(x, cap) and Σ min(x, cap)². */
export interface CappedRevenueRow {
  elementId: number;
  arm: number;
  sum: number;
  squares: number;
}

/**
 * Revenue per visitor winsorised at a percentile of the paying visitors' revenue, for visitors
 * first exposed in [start, end): their totals since then (campaign_visitors.revenue). Reads only
 * paying visitors, through the partial index campaign_visitors_paying.
 */
export async function sumCappedRevenue(
  db: Db,
  query: {
    teamId: number;
    campaignId: number;
    percentile: number;
    start: Date;
    end: Date;
    /** The segment's paying visitors only (its own cap); all of them when absent. */
    segment?: StatsSegment | undefined;
  },
): Promise<CappedRevenueRow[]> {
  const result = await sql<Record<keyof CappedRevenueRow, string | number>>`
    with paying as (
      select v.assignments, v.revenue from campaign_visitors v
      join campaigns c on c.id = v.campaign_id and c.team_id = ${query.teamId}
      where v.campaign_id = ${query.campaignId} and v.revenue > 0
        and v.first_exposure_at >= ${query.start} and v.first_exposure_at < ${query.end}
        and ${inSegment('v', query.segment, 'visitors')}
    ),
    cap as (
      select percentile_cont(${query.percentile}::double precision) within group (order by revenue)
        as value
      from paying
    )
    select a.key::integer as "elementId", a.value::integer as arm,
      sum(least(p.revenue, cap.value)) as sum,
      sum(least(p.revenue, cap.value) * least(p.revenue, cap.value)) as squares
    from paying p cross join cap cross join lateral jsonb_each_text(p.assignments) a
    group by 1, 2
  `.execute(db);
  return result.rows.map((row) => ({
    elementId: Number(row.elementId),
    arm: Number(row.arm),
    sum: Number(row.sum),
    squares: Number(row.squares),
  }));
}
