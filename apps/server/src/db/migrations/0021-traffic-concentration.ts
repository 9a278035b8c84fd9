import { sql, type Kysely } from 'kysely';

// Issue 34, finding 3: forged tracker events must not decide anything on their own.
// - campaign_address_counts: per campaign and client address, the visitors and views counted.
//   The address is never stored: `address_key` is the first 8 bytes of an HMAC-SHA256 under the
//   server's secret of the campaign id and the address (an IPv6 /64 as one), so keys of two
//   campaigns cannot be matched either.
// - campaign_traffic: the same summed per campaign on a few shards (as rollups_hourly), so the
//   concentration rule reads at most ROLLUP_SHARDS rows however many addresses there are:
//   counted visitors and views, distinct addresses, and the most any one address brought.
// - pages.collect_key: the per-page key the burner page's tracker tag carries and collect asks
//   of the events of campaigns on that page (random, one per page, also for existing pages).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('campaign_address_counts')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('address_key', 'bigint', (c) => c.notNull())
    .addColumn('visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('campaign_address_counts_pk', ['campaign_id', 'address_key'])
    .execute();

  await db.schema
    .createTable('campaign_traffic')
    .addColumn('campaign_id', 'integer', (c) =>
      c.notNull().references('campaigns.id').onDelete('cascade'),
    )
    .addColumn('shard', 'smallint', (c) => c.notNull())
    .addColumn('visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('addresses', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('top_address_visitors', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('top_address_views', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('campaign_traffic_pk', ['campaign_id', 'shard'])
    .execute();

  await db.schema
    .alterTable('pages')
    .addColumn('collect_key', 'text', (c) =>
      c.notNull().defaultTo(sql`replace(gen_random_uuid()::text, '-', '')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pages').dropColumn('collect_key').execute();
  await db.schema.dropTable('campaign_traffic').execute();
  await db.schema.dropTable('campaign_address_counts').execute();
}
