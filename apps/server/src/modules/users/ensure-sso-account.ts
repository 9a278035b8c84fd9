import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { isReservedEmail, PASSWORD_SALT_ROUNDS } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { endAllSessions } from '../auth/end-all-sessions';
import { findUserByEmail, insertUser, setEmailVerified, updateUser } from './repo';

const unknownPassword = () => bcrypt.hash(randomBytes(32).toString('hex'), PASSWORD_SALT_ROUNDS);

/**
 * The account of a person the identity provider vouches for: the one with that e-mail address
 * (linked by the address, which the provider verified), or a new one. Either way the address
 * counts as verified. A new account has a password nobody knows ("Forgot your password?" sets
 * one). An existing account whose address was never proven may have been made by someone else
 * ahead of its owner: its password is replaced by one nobody knows and its sessions end, so
 * whoever made it cannot share the owner's account. Null for an address no one may sign in with
 * (the shared guest account's).
 */
export async function ensureSsoAccount(
  { db }: { db: Db },
  { email, realName }: { email: string; realName: string },
): Promise<{ id: number; email: string; realName: string; created: boolean } | null> {
  if (isReservedEmail(email)) return null;
  let user = await findUserByEmail(db, email);
  let created = false;
  if (!user) {
    try {
      await insertUser(db, { email, realName, passwordHash: await unknownPassword() });
      created = true;
    } catch (error) {
      // The same person signing on twice at once: the unique index keeps one account.
      if (!isUniqueViolation(error)) throw error;
    }
    user = (await findUserByEmail(db, email))!;
  }
  if (!user.emailVerifiedAt) {
    if (!created) {
      await updateUser(db, user.id, { passwordHash: await unknownPassword() });
      await endAllSessions({ db }, { userId: user.id });
    }
    await setEmailVerified(db, user.id, user.email);
  }
  return { id: user.id, email: user.email, realName: user.realName, created };
}
