import { monthlyExposureAllowance, type SubscriptionTier, type TeamUsage } from '@kindling/domain';

export interface UsageSummary {
  thisMonth: number;
  /** Null without a plan: nothing to measure against. */
  allowance: number | null;
  /** This month's share of the allowance, 0.. (above 1 when over). */
  share: number | null;
  /** Whether the chart should draw the allowance: only once usage comes near enough to see it. */
  showAllowance: boolean;
}

/** Below this share of the allowance a line at the allowance would flatten the bars to nothing. */
const VISIBLE_SHARE = 0.25;

export function usageSummary(usage: TeamUsage, tier: SubscriptionTier): UsageSummary {
  const thisMonth = usage.months.at(-1)?.exposures ?? 0;
  const allowance = monthlyExposureAllowance(tier);
  const busiest = Math.max(0, ...usage.months.map((month) => month.exposures));
  return {
    thisMonth,
    allowance,
    share: allowance === null ? null : thisMonth / allowance,
    showAllowance: allowance !== null && busiest >= allowance * VISIBLE_SHARE,
  };
}
