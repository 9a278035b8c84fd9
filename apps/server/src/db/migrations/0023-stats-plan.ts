import { sql, type Kysely } from 'kysely';

// Issue 29, verdicts safe to act on:
// - campaigns.stats_method: 'sequential' (always-valid, the default) or 'fixed' (a fixed-horizon
//   test read only at its planned sample; chosen before the campaign has visitors);
// - campaigns.minimum_detectable_effect: the relative change worth detecting (0.1 = 10%), which
//   plans the sample and tunes the sequential test;
// - goals.metric_role: null for the funnel's goals, else 'secondary' or 'guardrail';
//   goals.lower_is_better: the goal is something to reduce (a bounce, an error page);
// - teams.stats_correction: 'holm' (family-wise, the default) or 'benjamini-hochberg'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('stats_method', 'text', (c) => c.notNull().defaultTo('sequential'))
    .execute();
  await db.schema
    .alterTable('campaigns')
    .addColumn('minimum_detectable_effect', sql`double precision`, (c) =>
      c.notNull().defaultTo(0.1),
    )
    .execute();
  await db.schema.alterTable('goals').addColumn('metric_role', 'text').execute();
  await db.schema
    .alterTable('goals')
    .addColumn('lower_is_better', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('teams')
    .addColumn('stats_correction', 'text', (c) => c.notNull().defaultTo('holm'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('teams').dropColumn('stats_correction').execute();
  await db.schema.alterTable('goals').dropColumn('lower_is_better').execute();
  await db.schema.alterTable('goals').dropColumn('metric_role').execute();
  await db.schema.alterTable('campaigns').dropColumn('minimum_detectable_effect').execute();
  await db.schema.alterTable('campaigns').dropColumn('stats_method').execute();
}
