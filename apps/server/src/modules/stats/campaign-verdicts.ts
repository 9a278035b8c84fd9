import type { ArmCounts, AutoStopElement, Campaign, Correction } from '@kindling/domain';
import type { Db } from '../../db/database';
import { CONTROL_ARM, NO_GOAL } from './arm-series';
import {
  campaignStatsSettings,
  conversionMetrics,
  decideElement,
  type ElementDecision,
} from './element-verdict';
import { conversionGoalId } from './funnel-goals';
import { metricsOf } from './get-campaign-stats';
import { sumRollupsOverLifetime } from './repo';

// A campaign's verdicts over its whole life, for the screens and jobs that have no range of
// their own: the campaign list, the idea experiments and auto-stop. They go through the stats
// endpoint's own path (element-verdict.ts decideElement, metricsOf, the team's correction), so
// each is the verdict the results page shows for a range holding the campaign's whole life
// (docs/decisions.md, "One verdict everywhere"). A metric added to the stats endpoint must be
// counted here too: rows carry the goal-less counts and every goal of verdictGoalIds.

/** The rollup sums a verdict reads: per element, arm and goal (0: the goal-less counts). */
export interface RollupTotals {
  elementId: number;
  /** 0 for the control, else the variant id. */
  arm: number;
  goalId: number;
  visitors: number;
  goalVisitors: number;
}

export interface CampaignElementVerdict extends ElementDecision {
  elementId: number;
  /** Visitors of the smallest running arm (the original and every variant not paused). */
  smallestArm: number;
}

const countedGoalOf = (campaign: Campaign) => {
  const goalId = conversionGoalId(campaign);
  return goalId === null ? null : { goalId, chosen: false };
};

/** The goals whose rows a verdict reads: the counted goal and every goal with a role. */
export function verdictGoalIds(campaign: Campaign): number[] {
  const { primary, others } = metricsOf(campaign, countedGoalOf(campaign));
  return [...(primary ? [primary] : []), ...others].map((metric) => Number(metric.id));
}

/** Every element's verdict from rollup sums (any hours: a range's, or the campaign's life). */
export function campaignVerdicts({
  campaign,
  rows,
  correction,
}: {
  campaign: Campaign;
  rows: readonly RollupTotals[];
  correction: Correction;
}): CampaignElementVerdict[] {
  const settings = campaignStatsSettings(campaign, correction);
  const counted = countedGoalOf(campaign);
  const metrics = metricsOf(campaign, counted);
  const sums = new Map<string, number>();
  const add = (key: string, value: number) => sums.set(key, (sums.get(key) ?? 0) + value);
  for (const row of rows) {
    const key = `${row.elementId}:${row.arm}:${row.goalId}`;
    add(key, row.goalId === NO_GOAL ? row.visitors : row.goalVisitors);
  }
  const sum = (elementId: number, arm: number, goalId: number) =>
    sums.get(`${elementId}:${arm}:${goalId}`) ?? 0;
  return campaign.elements.map((element) => {
    const arms = [CONTROL_ARM, ...element.variants.map((variant) => variant.id)];
    const goalOf = (goalId: number) => arms.map((arm) => sum(element.id, arm, goalId));
    // Capped as the stats endpoint caps them (element-stats.ts armCounts).
    const counts: ArmCounts[] = arms.map((arm) => {
      const visitors = sum(element.id, arm, NO_GOAL);
      const converted = counted ? sum(element.id, arm, counted.goalId) : 0;
      return { visitors, conversions: Math.min(converted, visitors) };
    });
    const shape = {
      id: element.id,
      variantIds: element.variants.map((variant) => variant.id),
      variantEnabled: element.variants.map((variant) => variant.isEnabled),
    };
    const decision = decideElement({
      element: shape,
      counts,
      metrics: conversionMetrics({
        primary: metrics.primary,
        counts,
        others: metrics.others.map((definition) => ({
          definition,
          converted: goalOf(Number(definition.id)),
        })),
      }),
      settings,
      bandit: campaign.type === 'multi_armed_bandit',
    });
    const running = counts.filter((_arm, a) => a === 0 || !decision.paused[a - 1]);
    return {
      elementId: element.id,
      smallestArm: Math.min(...running.map((arm) => arm.visitors)),
      ...decision,
    };
  });
}

/** What the auto-stop rule reads of an element's verdict. */
export const autoStopElement = (element: CampaignElementVerdict): AutoStopElement => ({
  elementId: element.elementId,
  verdict: element.verdict,
  plannedPerArm: element.plan.plannedPerArm,
  smallestArm: element.smallestArm,
  hasRunningVariant: element.paused.some((paused) => !paused),
});

/** A campaign's verdicts over its whole life, read from the rollups now (no cache). */
export async function getLifetimeVerdicts(
  {
    db,
    getStatsCorrection,
  }: { db: Db; getStatsCorrection: (teamId: number) => Promise<Correction> },
  { teamId, campaign }: { teamId: number; campaign: Campaign },
): Promise<CampaignElementVerdict[]> {
  const [rows, correction] = await Promise.all([
    sumRollupsOverLifetime(db, {
      teamId,
      campaignId: campaign.id,
      goalIds: verdictGoalIds(campaign),
    }),
    getStatsCorrection(teamId),
  ]);
  return campaignVerdicts({ campaign, rows, correction });
}
