import type { Campaign } from '@kindling/domain';

/** The funnel's end: the goal flagged as the conversion goal, else the last one. */
export function conversionGoalId(campaign: Pick<Campaign, 'goals'>): number | null {
  const flagged = campaign.goals.find((goal) => goal.isConversionGoal);
  return (flagged ?? campaign.goals.at(-1))?.id ?? null;
}

/** The funnel's goals in order, up to and including its end (as the collector counts them). */
export function funnelGoalIds(campaign: Pick<Campaign, 'goals'>): number[] {
  const end = conversionGoalId(campaign);
  const ids = campaign.goals.map((goal) => goal.id);
  return ids.slice(0, ids.indexOf(end ?? -1) + 1);
}
