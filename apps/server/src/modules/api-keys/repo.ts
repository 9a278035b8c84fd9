import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TeamApiKeysTable } from '../../db/schema';

export type ApiKeyRow = Selectable<TeamApiKeysTable>;

export function insertApiKey(
  db: Db,
  key: {
    teamId: number;
    name: string;
    prefix: string;
    keyHash: string;
    scope: 'read' | 'write';
    createdBy: number;
  },
): Promise<ApiKeyRow> {
  return db.insertInto('teamApiKeys').values(key).returningAll().executeTakeFirstOrThrow();
}

export function listActiveApiKeys(db: Db, teamId: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('teamApiKeys')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('revokedAt', 'is', null)
    .orderBy('id')
    .execute();
}

export async function revokeApiKeyRow(db: Db, teamId: number, id: number): Promise<boolean> {
  const updated = await db
    .updateTable('teamApiKeys')
    .set({ revokedAt: sql<Date>`now()` })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Cross-team by nature: the secret is what tells us the team. */
export function dangerousFindLiveApiKeyByHash(
  db: Db,
  keyHash: string,
): Promise<Pick<ApiKeyRow, 'id' | 'teamId' | 'scope'> | undefined> {
  return db
    .selectFrom('teamApiKeys')
    .select(['id', 'teamId', 'scope'])
    .where('keyHash', '=', keyHash)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
}

export async function touchApiKey(db: Db, teamId: number, id: number): Promise<void> {
  await db
    .updateTable('teamApiKeys')
    .set({ lastUsedAt: sql<Date>`now()` })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .execute();
}
