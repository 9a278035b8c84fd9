import bcrypt from 'bcryptjs';
import { PASSWORD_SALT_ROUNDS } from '@kindling/domain';
import type { Db } from '../../db/database';
import { updateUser } from './repo';

/**
 * Replaces the password (hashed as at sign-up) without asking for the old one: the caller has
 * proven the right to, e.g. with a reset link. The policy is the route's `passwordSchema`.
 */
export async function setPassword(
  { db }: { db: Db },
  { userId, password }: { userId: number; password: string },
): Promise<void> {
  const passwordHash = await bcrypt.hash(password, PASSWORD_SALT_ROUNDS);
  await updateUser(db, userId, { passwordHash });
}
