import { randomBytes } from 'node:crypto';
import { GUEST_EMAIL_DOMAIN, PASSWORD_SALT_ROUNDS } from '@kindling/domain';
import bcrypt from 'bcryptjs';
import type { Db } from '../../db/database';
import { findGuestUser, insertGuestUser } from './repo';

/** The guest account's address: a reserved domain, so it can never be a real person's. */
export const GUEST_EMAIL = `guest@${GUEST_EMAIL_DOMAIN}`;
export const GUEST_NAME = 'Guest';

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
