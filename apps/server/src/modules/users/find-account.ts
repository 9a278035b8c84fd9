import type { Db } from '../../db/database';
import { findUserByEmail, findUserById } from './repo';

/**
 * What other modules may know of an account: who it is, whether its address is proven, and
 * whether it is the shared guest account (GUEST_ACCESS), which no one may take over.
 */
export interface AccountSummary {
  id: number;
  email: string;
  realName: string;
  emailVerified: boolean;
  isGuest: boolean;
}

const summary = (user: NonNullable<Awaited<ReturnType<typeof findUserById>>>): AccountSummary => ({
  id: user.id,
  email: user.email,
  realName: user.realName,
  emailVerified: user.emailVerifiedAt !== null,
  isGuest: user.isGuest,
});

/** The account that signs in with `email` (any letter case), or null. */
export async function findAccountByEmail(
  { db }: { db: Db },
  { email }: { email: string },
): Promise<AccountSummary | null> {
  const user = await findUserByEmail(db, email);
  return user ? summary(user) : null;
}

export async function findAccountById(
  { db }: { db: Db },
  { userId }: { userId: number },
): Promise<AccountSummary | null> {
  const user = await findUserById(db, userId);
  return user ? summary(user) : null;
}
