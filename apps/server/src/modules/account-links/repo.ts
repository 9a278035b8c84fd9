import type { Db } from '../../db/database';
import type { AccountTokenPurpose } from '../../db/schema';

export function insertAccountToken(
  db: Db,
  token: {
    userId: number;
    purpose: AccountTokenPurpose;
    email: string;
    tokenHash: string;
    expiresAt: Date;
  },
) {
  return db.insertInto('accountTokens').values(token).execute();
}

/**
 * Marks a live link used and says whose it was, in one statement: of two requests racing with
 * one link, the second waits for the first's row lock and then finds it used.
 */
export function claimAccountToken(
  db: Db,
  { tokenHash, purpose, now }: { tokenHash: string; purpose: AccountTokenPurpose; now: Date },
) {
  return db
    .updateTable('accountTokens')
    .set({ usedAt: now })
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['userId', 'email'])
    .executeTakeFirst();
}

export function findAccountToken(
  db: Db,
  { tokenHash, purpose }: { tokenHash: string; purpose: AccountTokenPurpose },
) {
  return db
    .selectFrom('accountTokens')
    .select(['userId', 'email'])
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Ends the user's unused links (of the given purposes) before they expire. */
export function retireAccountTokens(
  db: Db,
  { userId, purposes, now }: { userId: number; purposes: AccountTokenPurpose[]; now: Date },
) {
  return db
    .updateTable('accountTokens')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('purpose', 'in', purposes)
    .where('usedAt', 'is', null)
    .execute();
}
