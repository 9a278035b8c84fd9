import type { TeamUsage } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { sumTeamExposuresByMonth } from './usage-repo';

const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** The last `months` UTC calendar months, the current one included, with or without traffic. */
export async function getTeamUsage(
  { db, nowMs }: { db: Db; nowMs: number },
  { team, months }: { team: TeamAccess; months: number },
): Promise<TeamUsage> {
  const now = new Date(nowMs);
  const starts = Array.from(
    { length: months },
    (_, index) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - index))),
  );
  const counted = new Map(
    (await sumTeamExposuresByMonth(db, { teamId: team.id, start: starts[0]! })).map((row) => [
      row.month,
      row.exposures,
    ]),
  );
  return {
    months: starts.map((start) => ({
      month: monthKey(start),
      exposures: counted.get(monthKey(start)) ?? 0,
    })),
  };
}
