import { sql, type Kysely } from 'kysely';

// Web Vitals per variant (issue 30). A campaign's sampling and vitals guardrails (no row: the
// defaults, "auto" and none); the vitals events as sent (for audit and re-computation, like
// `events`), and per campaign, element, arm and metric a count per value bucket, which is all
// results read (packages/domain stats/vitals.ts). Metric 'all' counts the reporting page views
// (bucket 0).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_vitals_settings')
    .addColumn('campaign_id', 'integer', (c) =>
      c.primaryKey().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('sampling', 'text', (c) =>
      c.notNull().check(sql`sampling in ('auto', 'off') or sampling ~ '^(100|[1-9][0-9]?)$'`),
    )
    .addColumn('guardrails', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('vitals_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('exposure_id', 'uuid', (c) => c.notNull())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('ts', 'timestamptz', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('arms', 'jsonb', (c) => c.notNull())
    .addColumn('lcp', 'double precision')
    .addColumn('cls', 'double precision')
    .addColumn('inp', 'double precision')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('vitals_rollups')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('element_id', 'integer', (c) => c.notNull())
    .addColumn('arm', 'integer', (c) => c.notNull())
    .addColumn('metric', 'text', (c) =>
      c.notNull().check(sql`metric in ('all', 'lcp', 'cls', 'inp')`),
    )
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('reports', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('vitals_rollups_pk', [
      'campaign_id',
      'element_id',
      'arm',
      'metric',
      'bucket',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['vitals_rollups', 'vitals_events', 'campaign_vitals_settings']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
