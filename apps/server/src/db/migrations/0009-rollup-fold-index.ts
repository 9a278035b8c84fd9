import { sql, type Kysely } from 'kysely';

// Folding the shards of past hours into shard 0 (collect/fold-rollups.ts) looks for the rows
// not folded yet: the last hours' only, so this index stays small whatever the history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('rollups_hourly_unfolded')
    .on('rollups_hourly')
    .column('hour')
    .where(sql.ref('shard'), '<>', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rollups_hourly_unfolded').ifExists().execute();
}
