import type { Campaign } from '@kindling/domain';
import type { Db } from '../../db/database';
import { CONTROL_ARM, NO_GOAL } from './arm-series';
import { conversionGoalId } from './funnel-goals';
import { sumRollupsOverLifetime } from './repo';

export interface ArmTotals {
  /** Exposures. */
  views: number;
  visitors: number;
  /** Visitors who reached the campaign's conversion goal. */
  convertedVisitors: number;
}

/**
 * One element's arms over the campaign's lifetime, the control first and then the variants in
 * the element's order: views, visitors and the visitors who reached the conversion goal. Read
 * from the rollups, so fresh events count at once (no cache).
 */
export async function getArmTotals(
  { db }: { db: Db },
  { teamId, campaign, elementId }: { teamId: number; campaign: Campaign; elementId: number },
): Promise<ArmTotals[]> {
  const element = campaign.elements.find((candidate) => candidate.id === elementId);
  if (!element) return [];
  const goalId = conversionGoalId(campaign);
  const rows = await sumRollupsOverLifetime(db, {
    teamId,
    campaignId: campaign.id,
    goalIds: goalId === null ? [] : [goalId],
  });
  const arms = [CONTROL_ARM, ...element.variants.map((variant) => variant.id)];
  return arms.map((arm) => {
    const totals: ArmTotals = { views: 0, visitors: 0, convertedVisitors: 0 };
    for (const row of rows) {
      if (row.elementId !== elementId || row.arm !== arm) continue;
      if (row.goalId === NO_GOAL) {
        totals.views += row.exposures;
        totals.visitors += row.visitors;
      } else if (row.goalId === goalId) totals.convertedVisitors += row.goalVisitors;
    }
    return totals;
  });
}
