import type { Db } from '../../db/database';
import { findTeam } from './repo';

/** The team's stored subscription (null: none), as billing and campaign defaults read it. */
export async function getSubscription({ db }: { db: Db }, { teamId }: { teamId: number }) {
  return (await findTeam(db, teamId)).subscription;
}
