import type { WaitlistKey } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentWaitlist } from './present-waitlist';
import { findWaiting, insertWaiting } from './repo';

/** Any member may put the team on an entry's waitlist; answers the whole catalogue. */
export async function joinWaitlist(
  { db }: { db: Db },
  { team, userId, entry }: { team: TeamAccess; userId: number; entry: WaitlistKey },
) {
  await insertWaiting(db, team.id, { entry, userId });
  return presentWaitlist(await findWaiting(db, team.id));
}
