import type { Db } from '../../../db/database';

export async function findDescription(db: Db, teamId: number, cacheKey: string) {
  return db
    .selectFrom('aiDescriptions')
    .select(['contextHash', 'description'])
    .where('teamId', '=', teamId)
    .where('cacheKey', '=', cacheKey)
    .executeTakeFirst();
}

export async function saveDescription(
  db: Db,
  row: { teamId: number; cacheKey: string; contextHash: string; description: string },
): Promise<void> {
  await db
    .insertInto('aiDescriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['teamId', 'cacheKey']).doUpdateSet({
        contextHash: row.contextHash,
        description: row.description,
        createdAt: new Date(),
      }),
    )
    .execute();
}
