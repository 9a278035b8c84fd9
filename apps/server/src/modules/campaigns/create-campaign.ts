import { normalizeUrl, type CampaignInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import { insertCampaign } from './repo';
import { campaignColumns, writeCampaignParts } from './write-campaign-parts';

export async function createCampaign(
  { db }: { db: Db },
  input: { teamId: number; campaign: CampaignInput },
): Promise<{ id: number }> {
  return db.transaction().execute(async (tx) => {
    const values = campaignColumns({
      ...input.campaign,
      ingestedUrl: normalizeUrl(input.campaign.ingestedUrl),
    });
    const { id } = await insertCampaign(tx, input.teamId, values);
    await writeCampaignParts({ tx, teamId: input.teamId, campaignId: id }, input.campaign);
    return { id };
  });
}
