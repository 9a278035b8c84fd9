import { sql, type Kysely } from 'kysely';

// Median flicker time per variant (issue 9): rollups count applied times per bucket
// (FLICKER_BUCKETS_MS in the domain package), so results read a median from the rollups. The
// sum of applied milliseconds only ever gave a mean, which nothing shows: it goes. The bucket
// count is not fixed here: the array starts empty and the upsert adds element by element.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rollups_hourly')
    .addColumn('applied_ms_histogram', sql`bigint[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema.alterTable('rollups_hourly').dropColumn('applied_ms').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('rollups_hourly')
    .addColumn('applied_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('rollups_hourly').dropColumn('applied_ms_histogram').execute();
}
