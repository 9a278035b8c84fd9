import type { Kysely } from 'kysely';

// Sample ratio mismatch alerts (issue 33's `srm.detected`): when the team was told that a
// running campaign does not split its visitors as set. Once per campaign: its lifetime results
// keep the mismatch, so telling again would only be noise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaigns').addColumn('srm_alerted_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('campaigns').dropColumn('srm_alerted_at').execute();
}
