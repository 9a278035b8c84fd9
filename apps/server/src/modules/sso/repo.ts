import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Sign-ons in flight and their one-time handoffs (migration 0041). Each row is taken once: the
// delete that returns it is what makes a replayed state or handoff find nothing.

export function insertSsoLogin(
  db: Db,
  login: { state: string; nonce: string; codeVerifier: string; browserHash: string; next: string },
) {
  return db.insertInto('ssoLogins').values(login).execute();
}

/**
 * The login started with `state` in the browser holding the cookie of `browserHash`, within
 * `maxAgeMs`, taken (gone for any later answer). Another browser's answer finds nothing.
 */
export async function takeSsoLogin(
  db: Db,
  { state, browserHash }: { state: string; browserHash: string },
  maxAgeMs: number,
) {
  const row = await db
    .deleteFrom('ssoLogins')
    .where('state', '=', state)
    .where('browserHash', '=', browserHash)
    .returning(['nonce', 'codeVerifier', 'next', sql<boolean>`${fresh(maxAgeMs)}`.as('fresh')])
    .executeTakeFirst();
  return row?.fresh ? row : null;
}

/** Within `maxAgeMs` of the row's creation, by the database's clock (the one that stamped it). */
const fresh = (maxAgeMs: number) =>
  sql`created_at > now() - ${maxAgeMs} * interval '1 millisecond'`;

export function insertSsoHandoff(
  db: Db,
  handoff: { codeHash: string; userId: number; browserHash: string },
) {
  return db.insertInto('ssoHandoffs').values(handoff).execute();
}

/** The user of the handoff `codeHash` made in this browser within `maxAgeMs`, taken. */
export async function takeSsoHandoff(
  db: Db,
  { codeHash, browserHash }: { codeHash: string; browserHash: string },
  maxAgeMs: number,
) {
  const row = await db
    .deleteFrom('ssoHandoffs')
    .where('codeHash', '=', codeHash)
    .where('browserHash', '=', browserHash)
    .returning(['userId', sql<boolean>`${fresh(maxAgeMs)}`.as('fresh')])
    .executeTakeFirst();
  return row?.fresh ? row.userId : null;
}

/** Sign-ons nobody finished: dropped once older than `maxAgeMs` (each start sweeps). */
export async function deleteStaleSsoRows(db: Db, maxAgeMs: number): Promise<void> {
  const before = new Date(Date.now() - maxAgeMs);
  await db.deleteFrom('ssoLogins').where('createdAt', '<', before).execute();
  await db.deleteFrom('ssoHandoffs').where('createdAt', '<', before).execute();
}
