import type { Db } from '../../db/database';
import { getHoldout } from './get-holdout';
import { setHoldoutPercentRow } from './repo';

/** Sets the share held out (owners only); a new share starts the comparison again, 0 ends it. */
export async function setHoldout(
  { db }: { db: Db },
  { teamId, percent }: { teamId: number; percent: number },
) {
  await setHoldoutPercentRow(db, teamId, percent);
  return getHoldout({ db }, { teamId });
}
