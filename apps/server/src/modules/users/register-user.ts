import bcrypt from 'bcryptjs';
import { ACCOUNT_MESSAGES, isReservedEmail, PASSWORD_SALT_ROUNDS } from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import { findUserByEmail, insertUser } from './repo';

export async function registerUser(
  { db }: { db: Db },
  input: { email: string; password: string; realName: string },
) {
  if (isReservedEmail(input.email) || (await findUserByEmail(db, input.email))) throw emailTaken();
  const passwordHash = await bcrypt.hash(input.password, PASSWORD_SALT_ROUNDS);
  try {
    return await insertUser(db, { email: input.email, realName: input.realName, passwordHash });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

const emailTaken = () =>
  new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
