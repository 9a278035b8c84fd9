import type { BillingInterval, Plan } from '@kindling/domain';
import type Stripe from 'stripe';
import { AppError } from '../../errors';
import { callStripe } from './billing-errors';

/**
 * The plan's price is looked up in Stripe by the configured product, interval and currency
 * (not configured by price id): prices are replaced in the dashboard without a server change.
 * Stripe lists the newest first; the first active one that bills every single interval wins.
 */
export async function findPrice(
  stripe: Stripe,
  { plan, interval }: { plan: Plan; interval: BillingInterval },
): Promise<Stripe.Price> {
  const prices = await callStripe('list the plan’s prices', () =>
    stripe.prices.list({
      product: plan.productId,
      active: true,
      type: 'recurring',
      currency: plan.currency.toLowerCase(),
      recurring: { interval },
      limit: 100,
    }),
  );
  const price = prices.data.find(
    (candidate) =>
      candidate.recurring?.interval === interval && candidate.recurring.interval_count === 1,
  );
  if (!price) {
    const every = interval === 'month' ? 'monthly' : 'yearly';
    throw new AppError(
      'CONFLICT',
      `Stripe has no active ${every} price in ${plan.currency} for the ${plan.name} plan (product ${plan.productId}). Add one in the Stripe dashboard.`,
    );
  }
  return price;
}
