import { medianFromHistogram } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { sumAppliedHistograms, sumRollups } from './counts-repo';
import { CAMPAIGN_NOT_FOUND, type ListCampaignIds } from './installation-status';
import { CONTROL_ARM, NO_GOAL } from './rollup-plan';

export interface ArmCounts {
  elementId: number;
  /** Null for the control. */
  variantId: number | null;
  exposures: number;
  visitors: number;
  sessions: number;
  revenue: number;
  /** Exposures whose change was applied, and those whose element was not found in time. */
  applied: number;
  missed: number;
  /** Median ms from navigation start to the change shown; null when none was applied. */
  medianAppliedMs: number | null;
}

export interface GoalCounts {
  elementId: number;
  variantId: number | null;
  goalId: number;
  /** Sessions that reached the goal. */
  goalSessions: number;
  /** Of those, the ones that completed the funnel within the conversion window. */
  conversions: number;
}

export interface CampaignCounts {
  campaignId: number;
  arms: ArmCounts[];
  goals: GoalCounts[];
}

/** Everything counted for one campaign of the team, per element and arm, from the rollups. */
export async function getCampaignCounts(
  { db, listCampaignIds }: { db: Db; listCampaignIds: ListCampaignIds },
  { team, campaignId }: { team: TeamAccess; campaignId: number },
): Promise<CampaignCounts> {
  const ids = await listCampaignIds({ teamId: team.id, campaignId });
  if (ids.length === 0) throw notFound(CAMPAIGN_NOT_FOUND);
  const arms: ArmCounts[] = [];
  const goals: GoalCounts[] = [];
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
  return { campaignId, arms, goals };
}
