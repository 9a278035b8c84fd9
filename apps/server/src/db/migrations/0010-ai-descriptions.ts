import { sql, type Kysely } from 'kysely';

// Element descriptions the AI wrote (update-element-meta), by the spec's cache key, per team:
// describing an element costs a model call, and the same element is picked again and again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_descriptions')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('cache_key', 'text', (c) => c.notNull())
    .addColumn('context_hash', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ai_descriptions_pk', ['team_id', 'cache_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_descriptions').execute();
}
