import { type Kysely } from 'kysely';

// Issue 29, optional auto-stop:
// - campaigns.auto_stop: switch the campaign off by itself once it has its answer (every element
//   at its planned sample, or at an always-valid decision); off unless the team turns it on;
// - campaigns.auto_stopped_at: when auto-stop switched it off. Set once: a campaign switched on
//   again by hand is not stopped again until auto-stop is turned off and on (docs/statistics.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('auto_stop', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.alterTable('campaigns').addColumn('auto_stopped_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('auto_stopped_at').execute();
  await db.schema.alterTable('campaigns').dropColumn('auto_stop').execute();
}
