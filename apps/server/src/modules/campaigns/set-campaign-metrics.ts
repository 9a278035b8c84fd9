import {
  CAMPAIGN_METRIC_MESSAGES,
  type ExtraMetric,
  type MetricListInput,
  type StoredExtraMetric,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { assertCampaignOpen } from './assert-campaign-open';
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
    await assertCampaignOpen(tx, teamId, input.campaignId);
    const metrics = withStoredGoals(
      input.metrics,
      (id) => (goals.has(id) ? id : undefined),
      'metrics',
    );
    await replaceCampaignMetrics(tx, input.campaignId, metrics);
  });
  const campaign = await getCampaign({ db }, { teamId, id: input.campaignId });
  return { metrics: campaign.extraMetrics };
}

/**
 * The metrics with each goal id as stored (`storedId` maps a submitted id, e.g. a new goal's
 * placeholder); a goal that is not the campaign's is refused with its field (`field`.i.goalId).
 */
export function withStoredGoals(
  metrics: readonly ExtraMetric[],
  storedId: (submitted: number) => number | undefined,
  field: string,
): ExtraMetric[] {
  return metrics.map((metric, index) => {
    if (metric.goalId === null) return metric;
    const goalId = storedId(metric.goalId);
    if (goalId === undefined) {
      const message = CAMPAIGN_METRIC_MESSAGES.goalNotFound;
      throw validationError(message, { [`${field}.${index}.goalId`]: message });
    }
    return { ...metric, goalId };
  });
}
