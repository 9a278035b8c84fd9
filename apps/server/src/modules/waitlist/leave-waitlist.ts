import type { WaitlistKey } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentWaitlist } from './present-waitlist';
import { deleteWaiting, findWaiting } from './repo';

/** Any member may take the team off an entry's waitlist (leaving twice is no error). */
export async function leaveWaitlist(
  { db }: { db: Db },
  { team, entry }: { team: TeamAccess; entry: WaitlistKey },
) {
  await deleteWaiting(db, team.id, entry);
  return presentWaitlist(await findWaiting(db, team.id));
}
