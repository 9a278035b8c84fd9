import { sql, type Kysely } from 'kysely';

// Outgoing webhooks and chat notifications (issue 33; packages/domain/src/webhooks.ts): a team's
// endpoints with their signing secret, and one row per event delivered to one endpoint, with its
// attempts (the job queue runs them) and what the receiver last answered.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('min_visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('failed_deliveries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_team')
    .on('webhook_endpoints')
    .column('team_id')
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'integer', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('event', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attempted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
