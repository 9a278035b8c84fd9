import bcrypt from 'bcryptjs';
import type { Db } from '../../db/database';
import { findUserByEmail } from './repo';

// Compared against when the e-mail is unknown, so both failures cost the same time.
const DUMMY_HASH = bcrypt.hashSync('kindling-timing-guard', 10);

export interface VerifiedUser {
  id: number;
  email: string;
  realName: string;
}

/** The account behind an e-mail and password, or null; both failures take the same time. */
export async function verifyCredentials(
  { db }: { db: Db },
  { email, password }: { email: string; password: string },
): Promise<VerifiedUser | null> {
  const user = await findUserByEmail(db, email);
  const matches = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  // The guest account signs in only through /api/auth/guest, never with a password.
  return user && matches && !user.isGuest
    ? { id: user.id, email: user.email, realName: user.realName }
    : null;
}
