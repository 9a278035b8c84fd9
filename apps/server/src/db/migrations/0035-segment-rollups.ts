import { sql, type Kysely } from 'kysely';

// Issue 31, the segment breakdown of the results page (docs/decisions.md, "Segment rollups"):
// - campaign_visitors.browser, .device, .visitor_type: the coarse class of the visitor's first
//   exposure (visitor-segments.ts), kept so its later exposures, goals and revenue count in the
//   same segment; null for visitors stored before this migration or sent without a user agent
//   (in no segment);
// - rollups_segments: the hourly rollups again, split by those three classes, written in the
//   same transaction as rollups_hourly, sharded and folded like it. A filter on one dimension
//   (or browser and device together) adds up the others. No flicker histogram: delivery is
//   not read by segment.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaign_visitors')
    .addColumn('browser', 'text')
    .addColumn('device', 'text')
    .addColumn('visitor_type', 'text')
    .execute();
  const count = sql`bigint not null default 0`;
  const sum = sql`double precision not null default 0`;
  await sql`
    create table rollups_segments (
      campaign_id integer not null references campaigns (id) on delete cascade,
      hour timestamptz not null,
      element_id integer not null,
      arm integer not null,
      goal_id integer not null,
      browser text not null,
      device text not null,
      visitor_type text not null,
      shard smallint not null,
      exposures ${count}, visitors ${count}, sessions ${count}, goal_sessions ${count},
      goal_visitors ${count}, conversions ${count}, revenue ${sum}, value_squares ${sum},
      value_sessions ${sum}, session_squares ${sum},
      constraint rollups_segments_pk primary key (campaign_id, hour, element_id, arm, goal_id,
        browser, device, visitor_type, shard)
    )
  `.execute(db);
  await db.schema
    .createIndex('rollups_segments_unfolded')
    .on('rollups_segments')
    .column('hour')
    .where(sql.ref('shard'), '<>', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rollups_segments').ifExists().execute();
  await db.schema
    .alterTable('campaign_visitors')
    .dropColumn('browser')
    .dropColumn('device')
    .dropColumn('visitor_type')
    .execute();
}
