import type { WaitlistKey } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentWaitlist } from './present-waitlist';
import { findWaiting } from './repo';

/** Any member may read what the team waits for; `entry` narrows the answer to one entry. */
export async function getWaitlist(
  { db }: { db: Db },
  { team, entry }: { team: TeamAccess; entry?: WaitlistKey },
) {
  return presentWaitlist(await findWaiting(db, team.id), entry);
}
