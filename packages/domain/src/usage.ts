import type { PlanTier } from './constants';
import type { SubscriptionTier } from './subscription';

// Team usage (issue 10): exposures (page views carrying a campaign) per calendar month, against
// the plan's monthly allowance. Enforcing the allowance belongs to the business layer.

export const PLAN_MONTHLY_EXPOSURES = {
  starter: 100_000,
  standard: 500_000,
  business: 2_000_000,
} as const satisfies Record<PlanTier, number>;

/** Months of usage a team can ask for at once. */
export const USAGE_MAX_MONTHS = 24;
export const USAGE_DEFAULT_MONTHS = 12;

export interface MonthUsage {
  /** The calendar month in UTC, "yyyy-mm". */
  month: string;
  exposures: number;
}

export interface TeamUsage {
  /** Oldest first, the current month last; months without traffic included. */
  months: MonthUsage[];
}

/** The plan's monthly exposures; null without a plan (self-hosted teams run unmetered). */
export function monthlyExposureAllowance(tier: SubscriptionTier): number | null {
  return tier === 'none' ? null : PLAN_MONTHLY_EXPOSURES[tier];
}
