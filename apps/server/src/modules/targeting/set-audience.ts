import {
  AUDIENCE_API_MESSAGES,
  usesCountry,
  type CampaignAudience,
  type CampaignAudienceInput,
} from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../errors';
import { assertCampaignOpen } from '../campaigns/assert-campaign-open';
import { countryAvailable, getCampaignAudience } from './get-audience';
import { saveAudience } from './repo';

/**
 * PUT /campaign/audience: sets who sees the campaign (conditions validated by the route's
 * schema), or with null, every visitor. 404 when the campaign is not the team's, 409 once the
 * test has ended, 400 for a country condition when GEO_HEADER is not set (nothing would tell the
 * tracker the visitor's country, so it would match nobody); nothing changes then. The tracker's files are
 * rebuilt on the next request (a team route's write marks them).
 */
export async function setCampaignAudience(
  { db, config }: { db: Db; config: Pick<Config, 'GEO_HEADER'> },
  { teamId, input }: { teamId: number; input: CampaignAudienceInput },
): Promise<CampaignAudience> {
  if (usesCountry(input.audience) && !countryAvailable(config)) {
    const message = AUDIENCE_API_MESSAGES.noCountrySource;
    const index = input.audience!.conditions.findIndex((c) => c.attribute === 'country');
    throw validationError(message, { [`audience.conditions.${index}.attribute`]: message });
  }
  await db.transaction().execute(async (tx) => {
    await assertCampaignOpen(tx, teamId, input.campaignId);
    const saved = await saveAudience(tx, { teamId, ...input });
    if (!saved) throw notFound(AUDIENCE_API_MESSAGES.campaignNotFound);
  });
  return getCampaignAudience({ db, config }, { teamId, campaignId: input.campaignId });
}
