import { type Kysely } from 'kysely';

// Issue 35, end a test and archive it (docs/decisions.md, "Ending a test"):
// - ended_at: when the team ended the test; from then its results are read-only and it is never
//   switched on or saved again;
// - rollout: what was rolled out at the end, element id -> variant id (only elements given a
//   variant; null when the original was kept everywhere). The tracker serves it to every visitor
//   until rollout_removed_at is set;
// - rollout_views: page views the rollout was served on, counted apart from the results;
// - rollout_reminded_at: when the 30-day "ship it in code" reminder went out (once);
// - archived_at: hidden from the default campaign list while set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('rollout', 'jsonb')
    .addColumn('rollout_removed_at', 'timestamptz')
    .addColumn('rollout_reminded_at', 'timestamptz')
    .addColumn('rollout_views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('archived_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .dropColumn('archived_at')
    .dropColumn('rollout_views')
    .dropColumn('rollout_reminded_at')
    .dropColumn('rollout_removed_at')
    .dropColumn('rollout')
    .dropColumn('ended_at')
    .execute();
}
