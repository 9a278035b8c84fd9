import { sql, type Kysely } from 'kysely';

// Issue 31, segments by where visitors came from and their country (docs/decisions.md, "Open
// segments"):
// - campaign_visitors.referrer, .utm_source, .utm_medium, .utm_campaign, .country: the values of
//   the visitor's first exposure, kept so its later events count in the same segments; null for
//   visitors stored before this migration (in no such segment);
// - campaign_segment_values: the names a campaign keeps per open dimension, at most
//   MAX_SEGMENT_VALUES, the first seen (the rest count as "(other)"). It takes over the referrer
//   hosts of campaign_referrer_hosts, which the SRM breakdown used alone;
// - rollups_dimensions: the hourly rollups again, one row set per open dimension and value,
//   written in the same transaction as rollups_hourly, sharded and folded like it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaign_visitors')
    .addColumn('referrer', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('country', 'text')
    .execute();
  await db.schema
    .createTable('campaign_segment_values')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('dimension', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_segment_values_pk', ['campaign_id', 'dimension', 'value'])
    .execute();
  await sql`
    insert into campaign_segment_values (campaign_id, dimension, value)
    select campaign_id, 'referrer', host from campaign_referrer_hosts
  `.execute(db);
  await db.schema.dropTable('campaign_referrer_hosts').execute();
  const count = sql`bigint not null default 0`;
  const sum = sql`double precision not null default 0`;
  await sql`
    create table rollups_dimensions (
      campaign_id integer not null references campaigns (id) on delete cascade,
      hour timestamptz not null,
      element_id integer not null,
      arm integer not null,
      goal_id integer not null,
      dimension text not null,
      value text not null,
      shard smallint not null,
      exposures ${count}, visitors ${count}, sessions ${count}, goal_sessions ${count},
      goal_visitors ${count}, conversions ${count}, revenue ${sum}, value_squares ${sum},
      value_sessions ${sum}, session_squares ${sum},
      constraint rollups_dimensions_pk primary key (campaign_id, hour, element_id, arm, goal_id,
        dimension, value, shard)
    )
  `.execute(db);
  await db.schema
    .createIndex('rollups_dimensions_unfolded')
    .on('rollups_dimensions')
    .column('hour')
    .where(sql.ref('shard'), '<>', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rollups_dimensions').ifExists().execute();
  await db.schema
    .createTable('campaign_referrer_hosts')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('host', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_referrer_hosts_pk', ['campaign_id', 'host'])
    .execute();
  await sql`
    insert into campaign_referrer_hosts (campaign_id, host)
    select campaign_id, value from campaign_segment_values where dimension = 'referrer'
  `.execute(db);
  await db.schema.dropTable('campaign_segment_values').execute();
  await db.schema
    .alterTable('campaign_visitors')
    .dropColumn('referrer')
    .dropColumn('utm_source')
    .dropColumn('utm_medium')
    .dropColumn('utm_campaign')
    .dropColumn('country')
    .execute();
}
