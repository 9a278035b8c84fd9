import { funnelGoals, type Campaign } from '@kindling/domain';

/** The funnel's end: the goal flagged as the conversion goal, else the last funnel goal. */
export function conversionGoalId(campaign: Pick<Campaign, 'goals'>): number | null {
  return funnelGoals(campaign.goals).at(-1)?.id ?? null;
}

/** The funnel's goals in order, up to and including its end (as the collector counts them). */
export function funnelGoalIds(campaign: Pick<Campaign, 'goals'>): number[] {
  return funnelGoals(campaign.goals).map((goal) => goal.id);
}
