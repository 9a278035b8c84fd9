import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { NO_GOAL } from './arm-series';
import type { Interval } from './intervals';

// The campaign list's figures for every campaign of a team in two reads instead of one or two
// per campaign (the list shows them all at once): the days whose hours are all final
// (finalRollupHoursBefore) and everything before them, kept until the next day is final
// (performance-cache.ts), and the open days since, read each time.

export interface TeamRollupRow {
  campaignId: number;
  elementId: number;
  /** 0 for the control, else the variant id. */
  arm: number;
  /** 0 for exposures and visitors; else the conversion goal's counts. */
  goalId: number;
  /**
   * Index into the days read; -1 for every hour before the first day, days.length for hours
   * after the last (events stamped ahead of the clock).
   */
  day: number;
  exposures: number;
  visitors: number;
  goalSessions: number;
  goalVisitors: number;
  /** Revenue (goal-less rows): with the counts, what tells that a campaign's data moved. */
  revenue: number;
}

/**
 * The team's rollups of the hours in [from, to) (ms; null: unbounded) added up per campaign,
 * element, arm and goal, the goal-less counts and the given goals' only, one row per recent day
 * (`day` its index in `days`; -1 for hours before the first day, days.length after the last).
 */
export async function sumTeamRollups(
  db: Db,
  query: {
    teamId: number;
    goalIds: readonly number[];
    days: readonly Interval[];
    from: number | null;
    to: number | null;
  },
): Promise<TeamRollupRow[]> {
  const starts = query.days.map((day) => new Date(day.start).toISOString());
  const first = new Date(query.days[0]?.start ?? 0);
  const bound = (column: 'from' | 'to') => {
    const at = query[column];
    if (at === null) return sql`true`;
    return column === 'from' ? sql`r.hour >= ${new Date(at)}` : sql`r.hour < ${new Date(at)}`;
  };
  const result = await sql<Record<keyof TeamRollupRow, string | number>>`
    select r.campaign_id as "campaignId", r.element_id as "elementId", r.arm,
      r.goal_id as "goalId",
      case when r.hour < ${first} then -1
        else width_bucket(r.hour, ${starts}::timestamptz[]) - 1 end as day,
      sum(r.exposures) as exposures, sum(r.visitors) as visitors,
      sum(r.goal_sessions) as "goalSessions", sum(r.goal_visitors) as "goalVisitors",
      sum(r.revenue) as revenue
    from rollups_hourly r
    join campaigns c on c.id = r.campaign_id and c.team_id = ${query.teamId}
    where r.goal_id in (${sql.join([NO_GOAL, ...query.goalIds])})
      and ${bound('from')} and ${bound('to')}
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
    revenue: Number(row.revenue),
  }));
}
