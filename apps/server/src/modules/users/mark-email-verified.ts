import type { Db } from '../../db/database';
import { setEmailVerified } from './repo';

/**
 * Records that the owner of `email` followed a link sent to it. False (nothing changed) when the
 * account has moved to another address since: a link proves only the address it went to.
 */
export function markEmailVerified(
  { db }: { db: Db },
  { userId, email }: { userId: number; email: string },
): Promise<boolean> {
  return setEmailVerified(db, userId, email);
}
