import {
  PAGE_RULES_API_MESSAGES,
  type CampaignPageRules,
  type CampaignPageRulesInput,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { assertCampaignOpen } from '../campaigns/assert-campaign-open';
import { getCampaignPageRules } from './get-page-rules';
import { savePageRules } from './repo';

/**
 * PUT /campaign/pages: sets where the campaign runs (rules validated by the route's schema,
 * regular expressions refused unless in the safe subset), or with null, back to its page only.
 * 404 when the campaign is not the team's, 409 once the test has ended; nothing changes then.
 * The tracker's files are rebuilt on the next request (a team route's write marks them).
 */
export async function setCampaignPageRules(
  { db }: { db: Db },
  { teamId, input }: { teamId: number; input: CampaignPageRulesInput },
): Promise<CampaignPageRules> {
  await db.transaction().execute(async (tx) => {
    await assertCampaignOpen(tx, teamId, input.campaignId);
    const saved = await savePageRules(tx, { teamId, ...input });
    if (!saved) throw notFound(PAGE_RULES_API_MESSAGES.campaignNotFound);
  });
  return getCampaignPageRules({ db }, { teamId, campaignId: input.campaignId });
}
