import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';

/**
 * Without AUTH_SECRET the signing key is generated once and kept in the database, so every
 * server process sharing that database (and every restart) verifies the same tokens.
 */
export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('appSettings')
    .values({ key: 'auth_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('appSettings')
    .select('value')
    .where('key', '=', 'auth_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
