import type { Db } from '../../db/database';
import { validationError } from '../../errors';
import { findMembership, setDefaultTeam } from './repo';

export const CHOOSE_ONE_OF_YOUR_TEAMS = 'Choose one of your teams';

/** Only a team the user belongs to can become their default. */
export async function chooseDefaultTeam(
  { db }: { db: Db },
  { userId, slug }: { userId: number; slug: string },
) {
  const membership = await findMembership(db, slug, userId);
  if (!membership) {
    throw validationError(CHOOSE_ONE_OF_YOUR_TEAMS, { defaultTeam: CHOOSE_ONE_OF_YOUR_TEAMS });
  }
  await setDefaultTeam(db, userId, membership.id);
}
