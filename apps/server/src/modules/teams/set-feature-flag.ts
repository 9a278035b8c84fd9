import { FEATURE_FLAGS, type FeatureFlag } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { findTeam, setFeatureFlags } from './repo';

/**
 * Turns one labs flag on or off; the stored list keeps the catalogue's order. Used by the team's
 * owners (Settings → Labs) and by instance administrators (any team).
 */
export async function setFeatureFlag(
  { db }: { db: Db },
  input: { team: Pick<TeamAccess, 'id'>; flag: FeatureFlag; enabled: boolean },
) {
  const current = new Set((await findTeam(db, input.team.id)).featureFlags);
  if (input.enabled) current.add(input.flag);
  else current.delete(input.flag);
  const featureFlags = FEATURE_FLAGS.filter((flag) => current.has(flag));
  await setFeatureFlags(db, input.team.id, featureFlags);
  return { featureFlags };
}
