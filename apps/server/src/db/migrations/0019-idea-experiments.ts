import { sql, type Kysely } from 'kysely';

// "Test this idea" (issue 18): a page's experiment is one campaign on the page's address. The
// row remembers which campaign, the variants asked for, and once stopped why and the verdict.
// At most one experiment runs per page: the partial unique index holds it under concurrency.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idea_experiments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    /** The domain's ExperimentVariant[], as JSON. */
    .addColumn('variants', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('stop_reason', 'text')
    /** The domain's ExperimentVerdict at the stop, as JSON. */
    .addColumn('verdict', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('stopped_at', 'timestamptz')
    .execute();
  await sql`create unique index idea_experiments_running_page on idea_experiments (page_id) where status = 'running'`.execute(
    db,
  );
  await sql`create index idea_experiments_team_page on idea_experiments (team_id, page_id, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idea_experiments').execute();
}
