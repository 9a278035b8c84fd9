import { sql, type Kysely } from 'kysely';

// The global holdout (issue 31; packages/domain/src/holdout.ts): the team's share of visitors who
// see no campaign, and per team each visitor counted since the holdout was set, in which group
// (held out or in campaigns), first seen when, and when they first reached a campaign's
// conversion goal within the conversion window.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('teams')
    .addColumn('holdout_percent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`holdout_percent between 0 and 20`),
    )
    .execute();
  await db.schema
    .createTable('programme_visitors')
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('holdout', 'boolean', (c) => c.notNull())
    .addColumn('first_seen', 'timestamptz', (c) => c.notNull())
    .addColumn('converted_at', 'timestamptz')
    .addPrimaryKeyConstraint('programme_visitors_pk', ['team_id', 'visitor_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('programme_visitors').execute();
  await db.schema.alterTable('teams').dropColumn('holdout_percent').execute();
}
