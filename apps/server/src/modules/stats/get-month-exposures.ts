import { monthStartMs } from '@kindling/domain';
import type { Db } from '../../db/database';
import { sumTeamExposuresByMonth } from './usage-repo';

/** The team's exposures this UTC calendar month, counted as the usage card counts them. */
export async function getMonthExposures(
  { db }: { db: Db },
  { teamId, nowMs }: { teamId: number; nowMs: number },
): Promise<number> {
  const months = await sumTeamExposuresByMonth(db, {
    teamId,
    start: new Date(monthStartMs(nowMs)),
  });
  return months.reduce((sum, month) => sum + month.exposures, 0);
}
