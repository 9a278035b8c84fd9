import { normalizeUrl, type CampaignInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import { getSubscription } from '../teams/get-subscription';
import { insertCampaign } from './repo';
import { campaignColumns, writeCampaignParts } from './write-campaign-parts';

export async function createCampaign(
  { db }: { db: Db },
  input: { teamId: number; campaign: Omit<CampaignInput, 'isEnabled'> & { isEnabled?: boolean } },
): Promise<{ id: number }> {
  // A new campaign starts enabled only when the team has a subscription, unless the caller says.
  const isEnabled =
    input.campaign.isEnabled ?? (await getSubscription({ db }, { teamId: input.teamId })) !== null;
  return db.transaction().execute(async (tx) => {
    const values = campaignColumns({
      ...input.campaign,
      isEnabled,
      ingestedUrl: normalizeUrl(input.campaign.ingestedUrl),
    });
    const { id } = await insertCampaign(tx, input.teamId, values);
    await writeCampaignParts({ tx, teamId: input.teamId, campaignId: id }, input.campaign);
    return { id };
  });
}
