import { normalizeUrl, type CampaignSave } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { CAMPAIGN_NOT_FOUND, getCampaign } from './get-campaigns';
import { updateCampaign } from './repo';
import { campaignColumns, writeCampaignParts } from './write-campaign-parts';

export async function saveCampaign(
  { db }: { db: Db },
  input: { teamId: number; campaign: CampaignSave },
) {
  const { id } = input.campaign;
  await db.transaction().execute(async (tx) => {
    const values = campaignColumns({
      ...input.campaign,
      ingestedUrl: normalizeUrl(input.campaign.ingestedUrl),
    });
    if (!(await updateCampaign(tx, input.teamId, id, values))) throw notFound(CAMPAIGN_NOT_FOUND);
    await writeCampaignParts({ tx, teamId: input.teamId, campaignId: id }, input.campaign);
  });
  return getCampaign({ db }, { teamId: input.teamId, id });
}
