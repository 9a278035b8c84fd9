import {
  newCampaignsWaitForSubscription,
  PLAN_PRICES,
  subscriptionSchema,
  subscriptionState,
  subscriptionTier,
  type PlanConfig,
} from '@kindling/domain';
import type { AppServices, TeamAccess } from '../../http/types';
import { getSubscription } from '../teams/get-subscription';
import { findTeamBilling } from './repo';
import { paymentsEnabled } from './stripe-client';

export function planConfig(config: AppServices['config']): PlanConfig {
  return {
    businessPlan: {
      productId: config.STRIPE_PRODUCT_BUSINESS,
      name: 'Business',
      ...PLAN_PRICES.business,
      currency: config.BILLING_CURRENCY,
    },
    standardPlan: {
      productId: config.STRIPE_PRODUCT_STANDARD,
      name: 'Standard',
      ...PLAN_PRICES.standard,
      currency: config.BILLING_CURRENCY,
    },
    starterPlan: {
      productId: config.STRIPE_PRODUCT_STARTER,
      name: 'Starter',
      ...PLAN_PRICES.starter,
      currency: config.BILLING_CURRENCY,
    },
  };
}

export async function getBilling(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  { team, nowMs }: { team: Pick<TeamAccess, 'id' | 'role'>; nowMs: number },
) {
  const stored = await getSubscription({ db }, { teamId: team.id });
  const parsed = subscriptionSchema.nullable().safeParse(stored);
  const subscription = parsed.success ? parsed.data : null;
  const plans = planConfig(config);
  const enabled = paymentsEnabled(config);
  const billing = enabled ? await findTeamBilling(db, team.id) : undefined;
  return {
    subscription,
    state: subscription ? subscriptionState(subscription, nowMs) : 'none',
    tier: subscription ? subscriptionTier(subscription, plans) : 'none',
    plans,
    paymentsEnabled: enabled,
    /** New campaigns start paused for want of a subscription (never with payments off). */
    newCampaignsWaitForSubscription: newCampaignsWaitForSubscription({
      paymentsEnabled: enabled,
      subscription,
    }),
    /** The browser loads Stripe.js from here with this key (payments on only). */
    stripe: enabled
      ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '', scriptUrl: config.STRIPE_JS_URL }
      : null,
    /** The team has a Stripe customer: the billing portal can open. */
    hasCustomer: billing !== undefined,
    /** A checkout now starts with the free trial (once per team). */
    trialAvailable: enabled && !billing?.hadSubscription && subscription === null,
    /** Only owners start a checkout or open the portal. */
    canManage: team.role === 'owner',
  };
}
