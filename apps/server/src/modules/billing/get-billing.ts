import {
  PLAN_PRICES,
  subscriptionSchema,
  subscriptionState,
  subscriptionTier,
  type PlanConfig,
} from '@kindling/domain';
import type { AppServices } from '../../http/types';
import { getSubscription } from '../teams/get-subscription';

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
  { teamId, nowMs }: { teamId: number; nowMs: number },
) {
  const stored = await getSubscription({ db }, { teamId });
  const parsed = subscriptionSchema.nullable().safeParse(stored);
  const subscription = parsed.success ? parsed.data : null;
  const plans = planConfig(config);
  return {
    subscription,
    state: subscription ? subscriptionState(subscription, nowMs) : 'none',
    tier: subscription ? subscriptionTier(subscription, plans) : 'none',
    plans,
    paymentsEnabled: Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY),
  };
}
