import type { Correction } from '@kindling/domain';
import type { Db } from '../../db/database';
import { findStatsCorrection } from './repo';

/** How the team corrects its verdicts for several variants (read by the campaign stats). */
export function getStatsCorrection(
  { db }: { db: Db },
  { teamId }: { teamId: number },
): Promise<Correction> {
  return findStatsCorrection(db, teamId);
}
