import type { Db } from '../../db/database';
import { findCampaigns } from './repo';

/** The team's campaign ids; with `campaignId`, that one if it is the team's (else none). */
export async function listCampaignIds(
  { db }: { db: Db },
  { teamId, campaignId }: { teamId: number; campaignId?: number },
): Promise<number[]> {
  const campaigns = await findCampaigns(
    db,
    teamId,
    campaignId === undefined ? undefined : [campaignId],
  );
  return campaigns.map((campaign) => campaign.id);
}
