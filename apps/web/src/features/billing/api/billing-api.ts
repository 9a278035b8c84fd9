import type {
  AllowanceOverview,
  PlanConfig,
  Subscription,
  SubscriptionState,
  SubscriptionTier,
  TeamUsage,
} from '@kindling/domain';
import { api, teamApiPath } from '../../../lib/api-client';

export interface BillingOverview {
  subscription: Subscription | null;
  state: SubscriptionState;
  tier: SubscriptionTier;
  plans: PlanConfig;
  trialDays?: number;
  paymentsEnabled: boolean;
}

export const billingKey = (team: string) => ['billing', team] as const;

export function fetchBilling(team: string): Promise<BillingOverview> {
  return api.get<BillingOverview>(teamApiPath(team, '/billing'));
}

export const usageKey = (team: string) => ['usage', team] as const;

export function fetchUsage(team: string): Promise<TeamUsage> {
  return api.get<TeamUsage>(teamApiPath(team, '/usage'));
}

export const allowancesKey = (team: string) => ['billing-allowances', team] as const;

/** What the team's plan allows (null: unlimited) and this month's use of it. */
export function fetchAllowances(team: string): Promise<AllowanceOverview> {
  return api.get<AllowanceOverview>(teamApiPath(team, '/billing/allowances'));
}
