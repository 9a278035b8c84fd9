import type { Db } from '../../db/database';

export function insertSession(
  db: Db,
  session: { id: string; userId: number; refreshTokenHash: string; expiresAt: Date },
) {
  return db.insertInto('sessions').values(session).execute();
}

export function findLiveSessionByRefreshHash(db: Db, refreshTokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id',
      'sessions.userId',
      'sessions.expiresAt',
      'users.email',
      'users.realName',
    ])
    .where('sessions.refreshTokenHash', '=', refreshTokenHash)
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', new Date())
    .executeTakeFirst();
}

/** Rotation is a compare-and-swap on the old hash, so a refresh token works exactly once. */
export async function rotateRefreshHash(db: Db, oldHash: string, newHash: string) {
  const result = await db
    .updateTable('sessions')
    .set({ refreshTokenHash: newHash })
    .where('refreshTokenHash', '=', oldHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
