import { normalizeUrl, type CampaignSave } from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { assertVariantsMayBeStored, campaignVariantChecks } from './check-element-variants';
import { CAMPAIGN_NOT_FOUND, getCampaign } from './get-campaigns';
import { updateCampaign } from './repo';
import { sanitizeElement } from './sanitize-variant-html';
import { withStoredFavicon } from './store-favicon';
import { campaignColumns, writeCampaignParts } from './write-campaign-parts';

export async function saveCampaign(
  { db, config }: { db: Db; config: Pick<Config, 'PREVIEW_ALLOW_HOSTS'> },
  input: { teamId: number; campaign: CampaignSave },
) {
  const { id } = input.campaign;
  const elements = input.campaign.elements.map(sanitizeElement);
  assertVariantsMayBeStored(campaignVariantChecks(elements));
  // Fetched before the transaction: no row is locked while a site answers.
  const meta = await withStoredFavicon({ config }, { meta: input.campaign.meta });
  await db.transaction().execute(async (tx) => {
    const values = campaignColumns({
      ...input.campaign,
      meta,
      ingestedUrl: normalizeUrl(input.campaign.ingestedUrl),
    });
    if (!(await updateCampaign(tx, input.teamId, id, values))) throw notFound(CAMPAIGN_NOT_FOUND);
    await writeCampaignParts(
      { tx, teamId: input.teamId, campaignId: id },
      { elements, goals: input.campaign.goals },
    );
  });
  return getCampaign({ db }, { teamId: input.teamId, id });
}
