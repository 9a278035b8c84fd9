import { sql, type Kysely } from 'kysely';

// Analytics forwarding (issue 33; packages/domain/src/analytics-forwarding.ts): whether the
// team's tracker hands each exposure to the page's analytics tools, labelled by ids or by names.
// Null: off.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('teams')
    .addColumn('analytics_forwarding', 'text', (c) =>
      c.check(sql`analytics_forwarding in ('ids', 'names')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').dropColumn('analytics_forwarding').execute();
}
