import { sql } from 'kysely';
import type { AddressTraffic } from '@kindling/domain';
import type { Db } from '../../db/database';

/** The campaign's counted traffic by client address: its summary shards added up. */
export async function sumCampaignTraffic(
  db: Db,
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<AddressTraffic> {
  const result = await sql<Record<keyof AddressTraffic, string | number | null>>`
    select sum(t.visitors) as visitors, sum(t.views) as views, sum(t.addresses) as addresses,
      max(t.top_address_visitors) as "topAddressVisitors",
      max(t.top_address_views) as "topAddressViews"
    from campaign_traffic t
    join campaigns c on c.id = t.campaign_id and c.team_id = ${teamId}
    where t.campaign_id = ${campaignId}
  `.execute(db);
  const row = result.rows[0];
  return {
    visitors: Number(row?.visitors ?? 0),
    views: Number(row?.views ?? 0),
    addresses: Number(row?.addresses ?? 0),
    topAddressVisitors: Number(row?.topAddressVisitors ?? 0),
    topAddressViews: Number(row?.topAddressViews ?? 0),
  };
}
