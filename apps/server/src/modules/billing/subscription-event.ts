import {
  subscriptionStatusFromProvider,
  type PlanConfig,
  type Subscription,
} from '@kindling/domain';
import { z } from 'zod';

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)]);

/**
 * The fields read from a subscription event. Webhook payloads follow the Stripe account's API
 * version, so both shapes of the period end are read: on each item (2025-03-31 and later) and on
 * the subscription (before).
 */
export const stripeSubscriptionSchema = z.object({
  id: z.string(),
  customer: idOf,
  status: z.string(),
  trial_end: z.number().int().nullable().optional(),
  current_period_end: z.number().int().optional(),
  items: z.object({
    data: z.array(
      z.object({
        current_period_end: z.number().int().optional(),
        price: z.object({ product: idOf }),
      }),
    ),
  }),
});
export type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;

export const checkoutSessionSchema = z.object({
  customer: idOf.nullable(),
  client_reference_id: z.string().nullable().optional(),
});

/** Spec section 3's billing subscription, from Stripe's subscription object. */
export function toSubscription(source: StripeSubscription, plans: PlanConfig): Subscription {
  const planProducts = new Set(Object.values(plans).map((plan) => plan.productId));
  const items = source.items.data;
  // A subscription may carry add-on items; the plan's item names the tier.
  const item = items.find((candidate) => planProducts.has(candidate.price.product)) ?? items[0];
  const itemEnds = items.flatMap((candidate) => candidate.current_period_end ?? []);
  const periodEndsAt = itemEnds.length > 0 ? Math.max(...itemEnds) : source.current_period_end;
  return {
    status: subscriptionStatusFromProvider(source.status),
    periodEndsAt: periodEndsAt ?? null,
    trialEndsAt: source.trial_end ?? null,
    productId: item?.price.product ?? '',
  };
}
