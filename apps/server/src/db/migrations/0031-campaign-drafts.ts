import { sql, type Kysely } from 'kysely';

// Issue 35: campaigns being built, kept on the server from the moment a page is chosen. The
// wizard's state is text, not jsonb: the query layer camel-cases the keys of JSON it reads, and
// the state's keys (`__new__`, `-1:saved`) must come back as they were sent.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_drafts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ingested_url', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'jsonb')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('campaign_drafts_team_updated')
    .on('campaign_drafts')
    .columns(['team_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_drafts').execute();
}
