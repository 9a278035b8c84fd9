import { sql, type Kysely } from 'kysely';

// Card payments through Stripe (issue 13). One row per team that has a Stripe customer, and the
// Stripe event ids already handled, so a redelivered webhook changes nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_billing')
    .addColumn('team_id', 'integer', (c) =>
      c.primaryKey().references('teams.id').onDelete('cascade'),
    )
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
    /** The subscription whose state teams.subscription holds. */
    .addColumn('stripe_subscription_id', 'text')
    /** `created` (unix seconds) of the newest event applied: older ones arrive late and are skipped. */
    .addColumn('last_event_created', 'bigint')
    /** Any subscription ever seen: the free trial is offered once per team. */
    .addColumn('had_subscription', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_events').execute();
  await db.schema.dropTable('team_billing').execute();
}
