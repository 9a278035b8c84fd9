import type { Db } from '../../db/database';
import { revokeAllSessions } from './repo';

/**
 * Signs the user out on every device (after a password reset: whoever knew the old password
 * may hold a session). Pass a transaction as `db` to make it part of a larger change.
 */
export async function endAllSessions({ db }: { db: Db }, { userId }: { userId: number }) {
  await revokeAllSessions(db, userId);
}
