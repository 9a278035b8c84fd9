import { endChoices, type EndChoices } from '@kindling/domain';
import { AppError, notFound } from '../../errors';
import { getLifetimeStats, verdictFigures, type LifetimeStatsDeps } from './campaign-verdicts';
import type { GetCampaigns } from './get-campaign-stats';
import { STATS_MESSAGES } from './stats-query';

/**
 * What "End test" offers for each element (issue 35): the original or one of its variants, with
 * the variant its lifetime verdict (the list's) names the winner suggested. A campaign whose
 * results cannot be read (no goal yet) gets the choices without suggestions.
 */
export async function getEndChoices(
  deps: LifetimeStatsDeps & { getCampaigns: GetCampaigns },
  { teamId, id }: { teamId: number; id: number },
): Promise<EndChoices> {
  const [campaign] = await deps.getCampaigns({ teamId, ids: [id] });
  if (!campaign) throw notFound(STATS_MESSAGES.campaignNotFound);
  let verdicts: ReturnType<typeof verdictFigures> = [];
  try {
    verdicts = verdictFigures(campaign, await getLifetimeStats(deps, { teamId, campaign }));
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'VALIDATION')) throw error;
  }
  return endChoices(campaign.elements, verdicts);
}
