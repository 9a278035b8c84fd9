import { randomBytes } from 'node:crypto';
import { PASSWORD_SALT_ROUNDS } from '@kindling/domain';
import bcrypt from 'bcryptjs';
import type { Db } from '../../db/database';
import { findGuestUser, insertGuestUser } from './repo';

/** The guest account's address: a reserved domain, so it can never be a real person's. */
export const GUEST_EMAIL = 'guest@kindling.invalid';
export const GUEST_NAME = 'Guest';

/**
 * Addresses no person may take (sign-up or an address change): the guest account's is made on
 * first use, so an account holding it first would make every guest sign-in fail.
 */
export const isReservedEmail = (email: string): boolean =>
  email.trim().toLowerCase().endsWith(`@${GUEST_EMAIL.split('@')[1]!}`);

/**
 * The one shared guest account, made on first use. Its password is random and thrown away, and
 * password sign-in refuses it anyway: it signs in only through /api/auth/guest.
 */
export async function ensureGuestAccount({
  db,
}: {
  db: Db;
}): Promise<{ id: number; email: string; realName: string }> {
  const existing = await findGuestUser(db);
  if (existing) return existing;
  const passwordHash = await bcrypt.hash(randomBytes(32).toString('hex'), PASSWORD_SALT_ROUNDS);
  await insertGuestUser(db, { email: GUEST_EMAIL, realName: GUEST_NAME, passwordHash });
  const created = await findGuestUser(db);
  if (!created) throw new Error('The guest account could not be made');
  return created;
}
