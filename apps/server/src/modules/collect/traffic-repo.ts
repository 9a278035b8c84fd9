import { sql } from 'kysely';
import type { Statements } from '../../db/statement-transaction';

/** What one transaction adds for one campaign and client address (a keyed hash). */
export interface AddressCountRow {
  campaignId: number;
  /** Signed 64-bit decimal (see `addressKeys`). */
  addressKey: string;
  visitors: number;
  views: number;
}

/**
 * One statement: adds the rows to campaign_address_counts, and to the campaign's summary row on
 * `shard` (campaign_traffic) the visitors and views, the addresses new to the campaign (an
 * inserted row answers exactly the views it was given; an updated one, more) and the largest
 * totals any address now has. Totals only grow, so the largest answered over all shards is
 * the largest of all addresses. Rows are locked in key order, addresses before summaries, as in
 * every transaction that writes them (no deadlocks). One row per campaign and address.
 */
export async function addToAddressCounts(
  statements: Statements,
  rows: readonly AddressCountRow[],
  shard: number,
): Promise<void> {
  if (rows.length === 0) return;
  await statements.rows(sql`
    with input as (
      select "campaignId" as campaign_id, "addressKey"::bigint as address_key, visitors, views
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x("campaignId" integer, "addressKey" text, visitors bigint, views bigint)
    ),
    counted as (
      insert into campaign_address_counts as c (campaign_id, address_key, visitors, views)
      select campaign_id, address_key, visitors, views from input
      order by campaign_id, address_key
      on conflict (campaign_id, address_key) do update set
        visitors = c.visitors + excluded.visitors,
        views = c.views + excluded.views
      returning c.campaign_id, c.address_key, c.visitors, c.views
    ),
    per_campaign as (
      select counted.campaign_id, sum(input.visitors) as visitors, sum(input.views) as views,
        count(*) filter (where counted.views = input.views) as addresses,
        max(counted.visitors) as top_visitors, max(counted.views) as top_views
      from counted join input using (campaign_id, address_key)
      group by counted.campaign_id
    )
    insert into campaign_traffic as t (campaign_id, shard, visitors, views, addresses,
      top_address_visitors, top_address_views)
    select campaign_id, ${shard}::smallint, visitors, views, addresses, top_visitors, top_views
    from per_campaign order by campaign_id
    on conflict (campaign_id, shard) do update set
      visitors = t.visitors + excluded.visitors,
      views = t.views + excluded.views,
      addresses = t.addresses + excluded.addresses,
      top_address_visitors = greatest(t.top_address_visitors, excluded.top_address_visitors),
      top_address_views = greatest(t.top_address_views, excluded.top_address_views)
  `);
}
