import { sql, type Kysely } from 'kysely';

// Where a campaign runs and who sees it (issue 31): its page rules and its audience, validated on
// save (packages/domain page-rules-schema.ts, audience-schema.ts). No page-rules row: the
// campaign runs on the page it was edited on, as before; no audience row: every visitor.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_page_rules')
    .addColumn('campaign_id', 'integer', (c) =>
      c.primaryKey().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('include', 'jsonb', (c) => c.notNull())
    .addColumn('exclude', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('campaign_audiences')
    .addColumn('campaign_id', 'integer', (c) =>
      c.primaryKey().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('audience', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_audiences').execute();
  await db.schema.dropTable('campaign_page_rules').execute();
}
