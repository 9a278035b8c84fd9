import { sql, type Kysely } from 'kysely';

// "Not on this page" (issue 31): page views where a campaign runs that had none of its elements.
// They are no exposures (nobody saw the test there); each campaign counts them for its delivery
// figures.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('not_on_page_views', 'bigint', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('not_on_page_views').execute();
}
