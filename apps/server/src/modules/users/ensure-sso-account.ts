import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { isReservedEmail, PASSWORD_SALT_ROUNDS } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { findUserByEmail, insertUser, setEmailVerified } from './repo';

export type SsoAccount =
  | { kind: 'account'; id: number; email: string; realName: string; created: boolean }
  /** The shared guest account's address: no one signs in as it. */
  | { kind: 'reserved' }
  /**
   * An account with this address whose address was never proven here: it may have been made by
   * someone else ahead of its owner (account pre-hijacking), so it is not handed over.
   */
  | { kind: 'unproven' };

/**
 * The account of a person the identity provider vouches for: the one with that e-mail address
 * when its address was proven here (linked by the address, which the provider verified), or a
 * new one, whose address counts as verified and whose password nobody knows ("Forgot your
 * password?" sets one).
 */
export async function ensureSsoAccount(
  { db }: { db: Db },
  { email, realName }: { email: string; realName: string },
): Promise<SsoAccount> {
  if (isReservedEmail(email)) return { kind: 'reserved' };
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.emailVerifiedAt) return { kind: 'unproven' };
    const { id, realName: name } = existing;
    return { kind: 'account', id, email: existing.email, realName: name, created: false };
  }
  const passwordHash = await bcrypt.hash(randomBytes(32).toString('hex'), PASSWORD_SALT_ROUNDS);
  try {
    const user = await insertUser(db, { email, realName, passwordHash });
    await setEmailVerified(db, user.id, user.email);
    return { kind: 'account', ...user, created: true };
  } catch (error) {
    // The same person signing on twice at once: the first made the account.
    if (!isUniqueViolation(error)) throw error;
    return ensureSsoAccount({ db }, { email, realName });
  }
}
