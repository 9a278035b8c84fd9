import { sql, type Kysely } from 'kysely';

// Issue 13: what a team waits for (one row per team and catalogue entry; leaving deletes it)
// and the remembered context of a page for AI prompts (one row per team and page key, the
// domain's pageUrlKey).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_waitlist')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('joined_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_waitlist_pkey', ['team_id', 'entry'])
    .execute();
  // Instance-wide counts per entry (an admin screen) read by entry, not by team.
  await db.schema.createIndex('team_waitlist_entry').on('team_waitlist').column('entry').execute();

  await db.schema
    .createTable('url_contexts')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('offer', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('voice', 'text', (c) => c.notNull())
    .addColumn('avoid_words', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('url_contexts_pkey', ['team_id', 'url'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('url_contexts').execute();
  await db.schema.dropTable('team_waitlist').execute();
}
