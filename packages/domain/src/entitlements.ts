import type { PlanTier } from './constants';
import {
  subscriptionState,
  subscriptionTier,
  type PlanConfig,
  type Subscription,
  type SubscriptionState,
} from './subscription';
import { PLAN_MONTHLY_EXPOSURES } from './usage';

// What each subscription state and tier unlocks (issue 13; spec sections 4, 6 and 9). The one
// place holding the rule: the server enforces it and the web app shows it.

/** null: unlimited. */
export interface Allowances {
  /** Campaigns switched on at once (demos never count). */
  runningCampaigns: number | null;
  /** Exposures (tracked views carrying a campaign) per UTC calendar month. */
  monthlyExposures: number | null;
  /** AI generation requests (text and image together) per UTC calendar month. */
  monthlyAiGenerations: number | null;
}

export const PLAN_RUNNING_CAMPAIGNS = {
  starter: 3,
  standard: 10,
  business: null,
} as const satisfies Record<PlanTier, number | null>;

export const PLAN_MONTHLY_AI_GENERATIONS = {
  starter: 200,
  standard: 1_000,
  business: 5_000,
} as const satisfies Record<PlanTier, number>;

/** After a trial or a paid period ends, running campaigns keep serving variants this long. */
export const LAPSED_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

export const PLAN_TIER_NAMES = {
  starter: 'Starter',
  standard: 'Standard',
  business: 'Business',
} as const satisfies Record<PlanTier, string>;

/**
 * Why the team has what it has:
 * - unlimited: no subscription (a self-hosted install; spec section 6 grants access);
 * - plan: paid or on trial, on a configured plan: the tier's allowances;
 * - trial_ended / period_ended: nothing new starts; running campaigns serve variants for the
 *   grace days, then visitors see the original page;
 * - unknown_plan: paid or on trial for a product this server does not offer: as if ended.
 */
export type EntitlementBasis =
  'unlimited' | 'plan' | 'trial_ended' | 'period_ended' | 'unknown_plan';

export interface Entitlements {
  basis: EntitlementBasis;
  state: SubscriptionState;
  /** The plan's tier, when it is one of the configured plans. */
  tier: PlanTier | null;
  allowances: Allowances;
  /**
   * Ended subscriptions only: until when (ms) running campaigns still serve variants, within
   * the tier's monthly views. null elsewhere.
   */
  graceEndsAtMs: number | null;
}

const UNLIMITED: Allowances = {
  runningCampaigns: null,
  monthlyExposures: null,
  monthlyAiGenerations: null,
};

export function tierAllowances(tier: PlanTier): Allowances {
  return {
    runningCampaigns: PLAN_RUNNING_CAMPAIGNS[tier],
    monthlyExposures: PLAN_MONTHLY_EXPOSURES[tier],
    monthlyAiGenerations: PLAN_MONTHLY_AI_GENERATIONS[tier],
  };
}

/** When the subscription stopped giving access: the end of the trial or of the paid period. */
function endedAtMs(subscription: Subscription, state: SubscriptionState): number | null {
  const seconds = state === 'trial_ended' ? subscription.trialEndsAt : subscription.periodEndsAt;
  return seconds === null ? null : seconds * 1000;
}

/** The team's allowances now, from its stored subscription (null: none) and the plan table. */
export function entitlementsOf(
  subscription: Subscription | null | undefined,
  plans: PlanConfig,
  nowMs: number,
): Entitlements {
  const state = subscriptionState(subscription, nowMs);
  if (subscription == null || state === 'none') {
    return { basis: 'unlimited', state, tier: null, allowances: UNLIMITED, graceEndsAtMs: null };
  }
  const matched = subscriptionTier(subscription, plans);
  const tier = matched === 'none' ? null : matched;
  if (state === 'paid' || state === 'on_trial') {
    return tier
      ? { basis: 'plan', state, tier, allowances: tierAllowances(tier), graceEndsAtMs: null }
      : { basis: 'unknown_plan', state, tier, allowances: ENDED, graceEndsAtMs: null };
  }
  const ended = endedAtMs(subscription, state);
  const graceEndsAtMs = tier && ended !== null ? ended + LAPSED_GRACE_DAYS * DAY_MS : null;
  const inGrace = graceEndsAtMs !== null && nowMs < graceEndsAtMs;
  return {
    basis: state,
    state,
    tier,
    allowances: {
      ...ENDED,
      monthlyExposures: inGrace && tier ? PLAN_MONTHLY_EXPOSURES[tier] : 0,
    },
    graceEndsAtMs,
  };
}

const ENDED: Allowances = { runningCampaigns: 0, monthlyExposures: 0, monthlyAiGenerations: 0 };

/** The exact English of every refusal and of the usage card's notes. */
export const ENTITLEMENT_MESSAGES = {
  trialEnded: (what: string) => `Your free trial has ended. Choose a plan to ${what}.`,
  periodEnded: (what: string) => `Your subscription has ended. Renew it to ${what}.`,
  unknownPlan: (what: string) =>
    `Your subscription is not for a plan this server offers. Choose a plan to ${what}.`,
  runningCap: (tierName: string, cap: number) =>
    `The ${tierName} plan runs up to ${cap} ${cap === 1 ? 'campaign' : 'campaigns'} at once. ` +
    'Pause another campaign, or move to a bigger plan, to switch this one on.',
  aiCap: (tierName: string, cap: number) =>
    `This month's ${cap} AI generations of the ${tierName} plan are used. ` +
    'More arrive on the 1st of next month (UTC), or move to a bigger plan.',
  unlimited: 'Unlimited on this server',
  viewsCapped:
    "This month's tracked views are used: visitors see your original pages until the 1st of next month (UTC).",
  graceUntil: (date: string) =>
    `Running campaigns keep showing variants until ${date}; after that visitors see your original pages.`,
  graceOver: 'Running campaigns now show your original pages until the subscription is renewed.',
} as const;

export const ENTITLEMENT_ACTIONS = {
  switchOn: 'switch campaigns on',
  ai: 'use AI suggestions',
} as const;

export type Refusal =
  { kind: 'payment_required'; message: string } | { kind: 'limit_reached'; message: string };

function noAccess(entitlements: Entitlements, what: string): Refusal | null {
  switch (entitlements.basis) {
    case 'unlimited':
    case 'plan':
      return null;
    case 'trial_ended':
      return { kind: 'payment_required', message: ENTITLEMENT_MESSAGES.trialEnded(what) };
    case 'period_ended':
      return { kind: 'payment_required', message: ENTITLEMENT_MESSAGES.periodEnded(what) };
    case 'unknown_plan':
      return { kind: 'payment_required', message: ENTITLEMENT_MESSAGES.unknownPlan(what) };
  }
}

const tierName = (entitlements: Entitlements) =>
  entitlements.tier ? PLAN_TIER_NAMES[entitlements.tier] : 'current';

/**
 * May one more campaign be switched on, with `running` (not counting it) already on? Switching
 * off is always allowed, and nothing already running is switched off by this rule.
 */
export function campaignSwitchOnRefusal(
  entitlements: Entitlements,
  running: number,
): Refusal | null {
  const blocked = noAccess(entitlements, ENTITLEMENT_ACTIONS.switchOn);
  if (blocked) return blocked;
  const cap = entitlements.allowances.runningCampaigns;
  if (cap === null || running < cap) return null;
  return {
    kind: 'limit_reached',
    message: ENTITLEMENT_MESSAGES.runningCap(tierName(entitlements), cap),
  };
}

/** May one more AI generation start, with `used` already this month? */
export function aiGenerationRefusal(entitlements: Entitlements, used: number): Refusal | null {
  const blocked = noAccess(entitlements, ENTITLEMENT_ACTIONS.ai);
  if (blocked) return blocked;
  const cap = entitlements.allowances.monthlyAiGenerations;
  if (cap === null || used < cap) return null;
  return {
    kind: 'limit_reached',
    message: ENTITLEMENT_MESSAGES.aiCap(tierName(entitlements), cap),
  };
}

/**
 * Does the tracker still assign variants, with `exposures` counted this month? Once the month's
 * views reach the allowance, campaigns are left out of the tracker's config: visitors see the
 * original page and nothing more is counted.
 */
export const servesVariants = (entitlements: Entitlements, exposures: number): boolean => {
  const cap = entitlements.allowances.monthlyExposures;
  return cap === null || exposures < cap;
};

/** The first instant (ms) of the UTC calendar month holding `nowMs`. */
export function monthStartMs(nowMs: number): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/** GET /api/team/{team}/billing/allowances: what the plan allows and what is used of it. */
export interface AllowanceOverview {
  basis: EntitlementBasis;
  state: SubscriptionState;
  tier: PlanTier | null;
  /** The UTC calendar month the monthly figures are for, "yyyy-mm". */
  month: string;
  /** Ended subscriptions: until when running campaigns still show variants (ISO). */
  graceEndsAt: string | null;
  allowances: Allowances;
  used: Record<keyof Allowances, number>;
}
