import type { CampaignCounts } from '@kindling/domain';

export interface CampaignTotals {
  views: number;
  visitors: number;
  sessions: number;
  conversions: number;
}

/**
 * The campaign's totals from its per-arm counts. Every exposure assigns every element an arm
 * (the control included), so any one element's arms add up to the whole campaign; the element
 * seen most is taken, which also covers elements added after traffic began. Null before any.
 */
export function campaignTotals(counts: CampaignCounts): CampaignTotals | null {
  const byElement = new Map<number, CampaignTotals>();
  for (const arm of counts.arms) {
    const total = byElement.get(arm.elementId) ?? {
      views: 0,
      visitors: 0,
      sessions: 0,
      conversions: 0,
    };
    total.views += arm.exposures;
    total.visitors += arm.visitors;
    total.sessions += arm.sessions;
    byElement.set(arm.elementId, total);
  }
  for (const goal of counts.goals) {
    const total = byElement.get(goal.elementId);
    if (total) total.conversions += goal.conversions;
  }
  let widest: CampaignTotals | null = null;
  for (const total of byElement.values()) {
    if (total.views > 0 && (!widest || total.views > widest.views)) widest = total;
  }
  return widest;
}
