import { sql, type Kysely } from 'kysely';

// Issue 29, "SRM that knows what was served" and "SRM that explains itself":
// - campaign_serving_phases: one row per change of what the tracker serves (the campaign
//   switched on or off, a variant paused, resumed, added or deleted): from `started_at`, each
//   element's arms and their shares, `{"<elementId>": {"<arm>": share}}` (arm 0 the control,
//   `{}` while the campaign is off). The SRM test weights each phase by its new visitors.
//   Existing campaigns get one phase, their state now, from their creation: what the test
//   assumed before (an even split over the served arms).
// - exposure_segments: new visitors per campaign, hour, element and arm, in coarse classes only
//   (browser family, device type, browser on device, new or returning, referrer host), never a
//   user agent or a full referrer; sharded and folded like rollups_hourly.
// - campaign_referrer_hosts: the referrer hosts a campaign counts by name, at most
//   MAX_REFERRER_HOSTS; later ones count as "(other)", so forged hosts cannot grow the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_serving_phases')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('shares', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('campaign_serving_phases_campaign')
    .on('campaign_serving_phases')
    .columns(['campaign_id', 'started_at'])
    .execute();
  await sql`
    insert into campaign_serving_phases (team_id, campaign_id, started_at, shares)
    select c.team_id, c.id, c.created_at, coalesce((
      select jsonb_object_agg(e.id::text, case when c.is_enabled then (
        select jsonb_object_agg(arm::text, 1::float8 / served)
        from (
          select arm, count(*) over () as served
          from (
            select 0 as arm
            union all
            select v.id from variants v where v.element_id = e.id and v.is_enabled
          ) arms
        ) counted
      ) else '{}'::jsonb end)
      from campaign_elements e where e.campaign_id = c.id
    ), '{}'::jsonb)
    from campaigns c
  `.execute(db);

  await db.schema
    .createTable('exposure_segments')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('element_id', 'integer', (c) => c.notNull())
    .addColumn('arm', 'integer', (c) => c.notNull())
    .addColumn('dimension', 'text', (c) =>
      c.notNull().check(sql`dimension in ('browser', 'device', 'platform', 'visitor', 'referrer')`),
    )
    .addColumn('value', 'text', (c) => c.notNull().check(sql`length(value) <= 253`))
    .addColumn('shard', 'smallint', (c) => c.notNull())
    .addColumn('visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('exposure_segments_pk', [
      'campaign_id',
      'hour',
      'element_id',
      'arm',
      'dimension',
      'value',
      'shard',
    ])
    .execute();
  await db.schema
    .createIndex('exposure_segments_unfolded')
    .on('exposure_segments')
    .column('hour')
    .where(sql.ref('shard'), '<>', 0)
    .execute();

  await db.schema
    .createTable('campaign_referrer_hosts')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('host', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_referrer_hosts_pk', ['campaign_id', 'host'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_referrer_hosts').ifExists().execute();
  await db.schema.dropTable('exposure_segments').ifExists().execute();
  await db.schema.dropTable('campaign_serving_phases').ifExists().execute();
}
