import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MonthUsage } from '@kindling/domain';

/**
 * A team's exposures per UTC calendar month from `start`, from the rollups. An exposure counts
 * once for every element of its campaign, so a campaign's month is its busiest element's (the
 * one that was there all along), then campaigns add up.
 */
export async function sumTeamExposuresByMonth(
  db: Db,
  { teamId, start }: { teamId: number; start: Date },
): Promise<MonthUsage[]> {
  const result = await sql<{ month: string; exposures: string | number }>`
    select to_char(month, 'YYYY-MM') as month, sum(exposures) as exposures
    from (
      select campaign_id, month, max(exposures) as exposures
      from (
        select r.campaign_id, date_trunc('month', r.hour at time zone 'UTC') as month,
          r.element_id, sum(r.exposures) as exposures
        from rollups_hourly r
        join campaigns c on c.id = r.campaign_id and c.team_id = ${teamId}
        where r.goal_id = 0 and r.hour >= ${start}
        group by 1, 2, 3
      ) per_element
      group by 1, 2
    ) per_campaign
    group by 1
    order by 1
  `.execute(db);
  return result.rows.map((row) => ({ month: row.month, exposures: Number(row.exposures) }));
}
