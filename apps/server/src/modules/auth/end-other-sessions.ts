import type { Db } from '../../db/database';
import { revokeOtherSessions } from './repo';

/** Signs the user out everywhere but the session that asked (after a password change). */
export async function endOtherSessions(
  { db }: { db: Db },
  { userId, keepSessionId }: { userId: number; keepSessionId: string },
): Promise<void> {
  await revokeOtherSessions(db, userId, keepSessionId);
}
