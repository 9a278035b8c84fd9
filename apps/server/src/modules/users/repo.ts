import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Db | Tx, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isUsernameTaken(db: Db, username: string, exceptUserId?: number) {
  let query = db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertUser(
  db: Db,
  user: { email: string; passwordHash: string; realName: string },
) {
  return db
    .insertInto('users')
    .values({ ...user, preferences: JSON.stringify({}) })
    .returning(['id', 'email', 'realName'])
    .executeTakeFirstOrThrow();
}

export function updateUser(
  db: Db | Tx,
  userId: number,
  changes: {
    realName?: string;
    username?: string | null;
    preferences?: string;
    passwordHash?: string;
    email?: string;
    emailVerifiedAt?: Date | null;
  },
) {
  return db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

/** Sets the verification time once, and only while `email` is still the account's address. */
export async function setEmailVerified(db: Db | Tx, userId: number, email: string) {
  const result = await db
    .updateTable('users')
    .set({ emailVerifiedAt: sql<Date>`coalesce(email_verified_at, now())` })
    .where('id', '=', userId)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findGuestUser(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'realName'])
    .where('isGuest', '=', true)
    .executeTakeFirst();
}

/** Inserts the guest account unless one is there (users_one_guest keeps it one). */
export async function insertGuestUser(
  db: Db,
  user: { email: string; passwordHash: string; realName: string },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      ...user,
      isGuest: true,
      emailVerifiedAt: new Date(),
      preferences: JSON.stringify({}),
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}
