import {
  medianFromHistogram,
  type CampaignArmCounts,
  type CampaignCounts,
  type CampaignGoalCounts,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { notOnPageViewsOf, sumAppliedHistograms, sumRollups } from './counts-repo';
import { CAMPAIGN_NOT_FOUND, type ListCampaignIds } from './installation-status';
import { CONTROL_ARM, NO_GOAL } from './rollup-plan';

/** Everything counted for one campaign of the team, per element and arm, from the rollups. */
export async function getCampaignCounts(
  { db, listCampaignIds }: { db: Db; listCampaignIds: ListCampaignIds },
  { team, campaignId }: { team: TeamAccess; campaignId: number },
): Promise<CampaignCounts> {
  const ids = await listCampaignIds({ teamId: team.id, campaignId });
  if (ids.length === 0) throw notFound(CAMPAIGN_NOT_FOUND);
  const arms: CampaignArmCounts[] = [];
  const goals: CampaignGoalCounts[] = [];
  const histograms = await sumAppliedHistograms(db, campaignId);
  for (const row of await sumRollups(db, campaignId)) {
    const variantId = row.arm === CONTROL_ARM ? null : row.arm;
    if (row.goalId === NO_GOAL) {
      const { elementId, exposures, visitors, sessions, revenue, applied, missed } = row;
      const histogram = histograms.get(`${elementId}:${row.arm}`) ?? [];
      const medianAppliedMs = medianFromHistogram(Array.from(histogram, (count) => count ?? 0));
      arms.push({
        elementId,
        variantId,
        exposures,
        visitors,
        sessions,
        revenue,
        applied,
        missed,
        medianAppliedMs,
      });
    } else {
      const { elementId, goalId, goalSessions, conversions } = row;
      goals.push({ elementId, variantId, goalId, goalSessions, conversions });
    }
  }
  return { campaignId, arms, goals, notOnPage: await notOnPageViewsOf(db, campaignId) };
}
