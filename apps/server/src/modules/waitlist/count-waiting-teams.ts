import { WAITLIST_CATALOGUE } from '@kindling/domain';
import type { Db } from '../../db/database';
import { dangerousCountWaitingTeams } from './repo';

/**
 * Instance-wide: how many teams wait for each catalogue entry, for an instance admin's screen.
 * Not exposed by any route here; whoever exposes it decides who may see it.
 */
export async function countWaitingTeams({ db }: { db: Db }) {
  const counts = await dangerousCountWaitingTeams(db);
  return WAITLIST_CATALOGUE.map(({ key, title }) => ({ key, title, teams: counts.get(key) ?? 0 }));
}
