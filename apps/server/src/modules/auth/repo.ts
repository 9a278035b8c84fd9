import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

export function insertSession(
  db: Db,
  session: { id: string; userId: number; refreshTokenHash: string; expiresAt: Date },
) {
  return db.insertInto('sessions').values(session).execute();
}

/**
 * Rotation is a compare-and-swap on the old hash, so a refresh token works exactly once: of two
 * concurrent calls with one token, the second waits for the first's row lock and then matches
 * nothing. Answers the session and its user, or undefined.
 */
export function rotateRefreshHash(db: Db | Tx, { oldHash, newHash }: RefreshHashes) {
  return db
    .updateTable('sessions')
    .from('users')
    .set({ refreshTokenHash: newHash })
    .whereRef('users.id', '=', 'sessions.userId')
    .where('sessions.refreshTokenHash', '=', oldHash)
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', new Date())
    .returning(['sessions.id', 'sessions.userId', 'users.email', 'users.realName', 'users.isGuest'])
    .executeTakeFirst();
}

interface RefreshHashes {
  oldHash: string;
  newHash: string;
}

/** Remembers a replaced refresh-token hash, keeping only the session's newest `keep`. */
export async function retireRefreshHash(
  db: Db | Tx,
  { sessionId, tokenHash, keep }: { sessionId: string; tokenHash: string; keep: number },
): Promise<void> {
  await db.insertInto('retiredRefreshTokens').values({ sessionId, tokenHash }).execute();
  await db
    .deleteFrom('retiredRefreshTokens')
    .where('sessionId', '=', sessionId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('retiredRefreshTokens')
        .select('id')
        .where('sessionId', '=', sessionId)
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** Revokes the live session that once had this refresh-token hash; answers it, if any. */
export function revokeSessionByRetiredHash(db: Db, tokenHash: string) {
  return db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('id', '=', (eb) =>
      eb.selectFrom('retiredRefreshTokens').select('sessionId').where('tokenHash', '=', tokenHash),
    )
    .where('revokedAt', 'is', null)
    .returning(['id', 'userId'])
    .executeTakeFirst();
}

export async function isSessionLive(db: Db, sessionId: string, userId: number) {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

export function revokeSession(db: Db, sessionId: string) {
  return db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

export function revokeOtherSessions(db: Db, userId: number, keepSessionId: string) {
  return db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Every live session of the user, the caller's included (a password reset). */
export function revokeAllSessions(db: Db, userId: number) {
  return db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}
