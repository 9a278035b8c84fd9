import type { FeatureFlag } from '@kindling/domain';
import type { Db } from '../../db/database';
import { findTeam } from './repo';

/** True when the team turned this labs flag on (Settings → Team → Labs features). */
export async function teamHasFeatureFlag(
  { db }: { db: Db },
  { teamId, flag }: { teamId: number; flag: FeatureFlag },
): Promise<boolean> {
  return (await findTeam(db, teamId)).featureFlags.includes(flag);
}
