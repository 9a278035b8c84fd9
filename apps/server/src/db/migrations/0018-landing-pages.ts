import { sql, type Kysely } from 'kysely';

// Burner landing pages (issue 18): a team's pages, addressed /p/{team}/{slug}, and the e-mail
// addresses their sign-up forms collected. A page is public only while published_at is set.
// An address counts once per page whatever its case: the unique index is on lower(email).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    /** The domain's landingPageContentSchema, as JSON. */
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('indexable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('pages_team_slug', ['team_id', 'slug'])
    .execute();

  await db.schema
    .createTable('page_signups')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    /** Kept beside page_id so every query can apply the team (conventions rule 6). */
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index page_signups_page_email on page_signups (page_id, lower(email))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_signups').execute();
  await db.schema.dropTable('pages').execute();
}
