import {
  CAMPAIGN_METRIC_MESSAGES,
  type MetricListInput,
  type StoredExtraMetric,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../errors';
import { getCampaign } from './get-campaigns';
import { lockCampaignGoals, replaceCampaignMetrics } from './metrics-repo';

/**
 * Replaces the campaign's revenue and per-session metrics. They are read from the rollups
 * whenever results are asked, so they may change while the campaign runs (the data behind them
 * is kept whatever is chosen).
 */
export async function setCampaignMetrics(
  { db }: { db: Db },
  { teamId, input }: { teamId: number; input: MetricListInput },
): Promise<{ metrics: StoredExtraMetric[] }> {
  await db.transaction().execute(async (tx) => {
    const goals = await lockCampaignGoals(tx, teamId, input.campaignId);
    if (!goals) throw notFound(CAMPAIGN_METRIC_MESSAGES.campaignNotFound);
    const unknown = input.metrics.findIndex(
      (metric) => metric.goalId !== null && !goals.has(metric.goalId),
    );
    if (unknown >= 0) {
      throw validationError(CAMPAIGN_METRIC_MESSAGES.goalNotFound, {
        [`metrics.${unknown}.goalId`]: CAMPAIGN_METRIC_MESSAGES.goalNotFound,
      });
    }
    await replaceCampaignMetrics(tx, input.campaignId, input.metrics);
  });
  const campaign = await getCampaign({ db }, { teamId, id: input.campaignId });
  return { metrics: campaign.extraMetrics };
}
