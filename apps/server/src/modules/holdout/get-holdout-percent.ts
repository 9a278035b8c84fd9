import type { Db } from '../../db/database';
import { findHoldoutPercent } from './repo';

/** The share of the team's visitors held out of every campaign, for its tracker config. */
export function getHoldoutPercent({ db }: { db: Db }, { teamId }: { teamId: number }) {
  return findHoldoutPercent(db, teamId);
}
