import { sql, type Kysely } from 'kysely';

// Experiment events and what statistics read instead of them (issue 9). Raw events are kept
// for audit and re-computation; every count results need lives in the hourly rollups, kept in
// the same transaction as the events.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('exposure', 'goal', 'revenue')`),
    )
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('ts', 'timestamptz', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('events_campaign_ts')
    .on('events')
    .columns(['campaign_id', 'ts'])
    .execute();

  // First exposure per visitor and campaign: the arms a visitor's goals and revenue count for.
  await db.schema
    .createTable('campaign_visitors')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('first_exposure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('assignments', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_visitors_pk', ['campaign_id', 'visitor_id'])
    .execute();
  await db.schema
    .createTable('campaign_sessions')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_sessions_pk', ['campaign_id', 'session_id'])
    .execute();
  await db.schema
    .createTable('session_goals')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('goal_id', 'integer', (c) => c.notNull())
    .addColumn('reached_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_goals_pk', ['campaign_id', 'session_id', 'goal_id'])
    .execute();

  // arm 0 = the control; goal_id 0 = counts that belong to no goal. Each key is split over a few
  // shards, chosen per batch, so concurrent batches rarely wait on one hot row; readers add
  // the shards up.
  await db.schema
    .createTable('rollups_hourly')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('element_id', 'integer', (c) => c.notNull())
    .addColumn('arm', 'integer', (c) => c.notNull())
    .addColumn('goal_id', 'integer', (c) => c.notNull())
    .addColumn('shard', 'smallint', (c) => c.notNull())
    .addColumn('exposures', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sessions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('goal_sessions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('conversions', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('applied', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('missed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('applied_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rollups_hourly_pk', [
      'campaign_id',
      'hour',
      'element_id',
      'arm',
      'goal_id',
      'shard',
    ])
    .execute();

  // Bot hits are dropped, not stored; how many is kept per day.
  await db.schema
    .createTable('collect_drops')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('bots', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'collect_drops',
    'rollups_hourly',
    'session_goals',
    'campaign_sessions',
    'campaign_visitors',
    'events',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
