import { z } from 'zod';

// Billing subscription state and tier, spec sections 3, 4 and 6.

export const subscriptionStatusSchema = z.enum(['active', 'trialing', 'past_due', 'canceled']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

const unixSeconds = z.number().int().nonnegative().nullable();

export const subscriptionSchema = z.object({
  status: subscriptionStatusSchema,
  /** Unix seconds. */
  periodEndsAt: unixSeconds,
  /** Unix seconds. */
  trialEndsAt: unixSeconds,
  productId: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const SUBSCRIPTION_STATES = [
  'paid',
  'on_trial',
  'trial_ended',
  'period_ended',
  'none',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SUBSCRIPTION_TIERS = ['business', 'standard', 'starter', 'none'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const planSchema = z.object({
  productId: z.string(),
  name: z.string(),
  monthly: z.number().nonnegative(),
  yearly: z.number().nonnegative(),
  /** ISO 4217 code of the prices (the spec does not show one; BILLING_CURRENCY). */
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Plan = z.infer<typeof planSchema>;

export const planConfigSchema = z.object({
  businessPlan: planSchema,
  standardPlan: planSchema,
  starterPlan: planSchema,
});
export type PlanConfig = z.infer<typeof planConfigSchema>;

const isLater = (unixSecondsValue: number | null, nowMs: number): boolean =>
  unixSecondsValue !== null && unixSecondsValue * 1000 > nowMs;

/**
 * Spec section 4 table. Beyond the table:
 * - an "active" subscription whose period has ended (periodEndsAt not later than
 *   now, or missing) is "period_ended": the renewal has not been recorded;
 * - "trialing" with trialEndsAt not later than now (or missing) is "trial_ended";
 * - no subscription is "none".
 */
export function subscriptionState(
  subscription: Subscription | null | undefined,
  nowMs: number,
): SubscriptionState {
  if (subscription == null) return 'none';
  switch (subscription.status) {
    case 'active':
      return isLater(subscription.periodEndsAt, nowMs) ? 'paid' : 'period_ended';
    case 'trialing':
      return isLater(subscription.trialEndsAt, nowMs) ? 'on_trial' : 'trial_ended';
    case 'past_due':
    case 'canceled':
      return 'period_ended';
  }
}

/** The plan whose productId matches, checked in the order business, standard, starter. */
export function subscriptionTier(
  subscription: Subscription | null | undefined,
  plans: PlanConfig,
): SubscriptionTier {
  if (subscription == null) return 'none';
  const ordered: readonly [Exclude<SubscriptionTier, 'none'>, Plan][] = [
    ['business', plans.businessPlan],
    ['standard', plans.standardPlan],
    ['starter', plans.starterPlan],
  ];
  const match = ordered.find(([, plan]) => plan.productId === subscription.productId);
  return match?.[0] ?? 'none';
}

/**
 * Spec section 6: access is granted when the team has no subscription (e.g. a
 * self-hosted install without billing). Otherwise the two plan checks, which the
 * spec does not show, are ours: the state is "paid" or "on_trial", and the product
 * is one of the configured plans.
 */
export function hasSubscriberAccess(
  subscription: Subscription | null | undefined,
  plans: PlanConfig,
  nowMs: number,
): boolean {
  if (subscription == null) return true;
  const state = subscriptionState(subscription, nowMs);
  return (
    (state === 'paid' || state === 'on_trial') && subscriptionTier(subscription, plans) !== 'none'
  );
}

/** Spec section 9: "{brand} Free Plan" (1) and "{brand} Trailblazer Plan" (2). */
export function planNames(brand: string): [string, string] {
  return [`${brand} Free Plan`, `${brand} Trailblazer Plan`];
}

/**
 * The plan a team is on, by name: the Trailblazer plan (2) while a paid plan runs or is on its
 * free trial; the Free plan (1) without one, or once the trial or the paid period has ended.
 */
export function currentPlanName(brand: string, state: SubscriptionState): string {
  const [free, trailblazer] = planNames(brand);
  return state === 'paid' || state === 'on_trial' ? trailblazer : free;
}

/** Spec section 6: a new campaign starts enabled only if the team has a subscription. */
export const newCampaignStartsEnabled = (subscription: object | null | undefined): boolean =>
  subscription != null;

/**
 * Whether a team's new campaigns wait for a subscription (start paused unless switched on): only
 * where one can be had, with card payments on. A self-hosted server without payments has no
 * subscription to wait for, so saying campaigns wait for one would be false there. The server
 * answers it (user context, billing overview); screens show it and do not work it out.
 */
export const newCampaignsWaitForSubscription = ({
  paymentsEnabled,
  subscription,
}: {
  paymentsEnabled: boolean;
  subscription: object | null | undefined;
}): boolean => paymentsEnabled && subscription == null;

/**
 * The one wording of what a team without a subscription gets, on every screen that says it:
 * all features (spec section 6), and campaigns that start paused until switched on.
 */
export const NO_SUBSCRIPTION_MESSAGES = {
  access: 'Every feature is available without a subscription.',
  newCampaigns:
    'New campaigns start paused until the team has a subscription; switch one on whenever you are ready.',
  /** Payments off (self-hosted): nothing waits for a subscription. */
  selfHosted: 'This server runs without billing: nothing waits for a subscription.',
} as const;
