import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { NO_GOAL } from './arm-series';
import type { Interval } from './intervals';

// The campaign list's figures for every campaign of a team in two reads (all time, and the
// recent days by day) instead of two per campaign: the list shows them all at once.

export interface TeamRollupRow {
  campaignId: number;
  elementId: number;
  /** 0 for the control, else the variant id. */
  arm: number;
  /** 0 for exposures and visitors; else the conversion goal's counts. */
  goalId: number;
  /** Index into the days read, or 0 for all time. */
  day: number;
  exposures: number;
  visitors: number;
  goalSessions: number;
  goalVisitors: number;
}

/**
 * The team's rollups added up per campaign, element, arm and goal: the goal-less counts and
 * the given goals' only. With `days`, only the hours of those days, one row per day too.
 */
export async function sumTeamRollups(
  db: Db,
  query: { teamId: number; goalIds: readonly number[]; days?: readonly Interval[] },
): Promise<TeamRollupRow[]> {
  const { days } = query;
  const starts = days?.map((day) => new Date(day.start).toISOString());
  const day = starts ? sql`width_bucket(r.hour, ${starts}::timestamptz[]) - 1` : sql`0`;
  const hours = days?.length
    ? sql`and r.hour >= ${new Date(days[0]!.start)} and r.hour < ${new Date(days.at(-1)!.end)}`
    : sql``;
  const result = await sql<Record<keyof TeamRollupRow, string | number>>`
    select r.campaign_id as "campaignId", r.element_id as "elementId", r.arm,
      r.goal_id as "goalId", ${day} as day,
      sum(r.exposures) as exposures, sum(r.visitors) as visitors,
      sum(r.goal_sessions) as "goalSessions", sum(r.goal_visitors) as "goalVisitors"
    from rollups_hourly r
    join campaigns c on c.id = r.campaign_id and c.team_id = ${query.teamId}
    where r.goal_id in (${sql.join([NO_GOAL, ...query.goalIds])}) ${hours}
    group by 1, 2, 3, 4, 5
  `.execute(db);
  return result.rows.map((row) => ({
    campaignId: Number(row.campaignId),
    elementId: Number(row.elementId),
    arm: Number(row.arm),
    goalId: Number(row.goalId),
    day: Number(row.day),
    exposures: Number(row.exposures),
    visitors: Number(row.visitors),
    goalSessions: Number(row.goalSessions),
    goalVisitors: Number(row.goalVisitors),
  }));
}
