import { leadElementId, type CampaignCounts } from '@kindling/domain';

export interface CampaignTotals {
  views: number;
  visitors: number;
  sessions: number;
  conversions: number;
}

/** The campaign's totals from its per-arm counts: its lead element's arms added up. */
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
  const lead = leadElementId([...byElement].map(([elementId, total]) => [elementId, total.views]));
  return lead === null ? null : byElement.get(lead)!;
}
