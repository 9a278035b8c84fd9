import type {
  AllowanceOverview,
  CheckoutRequest,
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
  /** The server's word: new campaigns start paused for want of a subscription. */
  newCampaignsWaitForSubscription: boolean;
  /** Where Stripe.js loads from, with the publishable key: payments on only. */
  stripe: { publishableKey: string; scriptUrl: string } | null;
  /** The team has a Stripe customer, so the billing portal opens. */
  hasCustomer: boolean;
  /** A checkout now starts with the free trial. */
  trialAvailable: boolean;
  /** The caller may start a checkout or open the portal (team owners). */
  canManage: boolean;
}

export const billingKey = (team: string) => ['billing', team] as const;

export function fetchBilling(team: string): Promise<BillingOverview> {
  return api.get<BillingOverview>(teamApiPath(team, '/billing'));
}

/** A Stripe Checkout page for the plan; the browser goes there. */
export function startCheckout(team: string, body: CheckoutRequest): Promise<{ url: string }> {
  return api.post<{ url: string }>(teamApiPath(team, '/billing/checkout'), body);
}

/** Stripe's billing portal for the team's customer. */
export function openPortal(team: string): Promise<{ url: string }> {
  return api.post<{ url: string }>(teamApiPath(team, '/billing/portal'));
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
