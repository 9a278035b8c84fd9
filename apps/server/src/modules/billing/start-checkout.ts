import { TRIAL_DAYS, type CheckoutRequest } from '@kindling/domain';
import type { AppServices, TeamAccess } from '../../http/types';
import { requireBillingOwner } from './billing-owner';
import { paymentsNotConfigured, callStripe } from './billing-errors';
import { ensureCustomer } from './ensure-customer';
import { findPrice } from './find-price';
import { planConfig } from './get-billing';
import { stripeClient } from './stripe-client';
import { getSubscription } from '../teams/get-subscription';

const PLAN_KEY = {
  starter: 'starterPlan',
  standard: 'standardPlan',
  business: 'businessPlan',
} as const;

/**
 * A Stripe Checkout Session (subscription mode) for the chosen plan; the browser goes to its url.
 * A team that never had a subscription gets the free trial (spec section 9: 30 days).
 */
export async function startCheckout(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  { team, request, billingUrl }: { team: TeamAccess; request: CheckoutRequest; billingUrl: string },
): Promise<{ url: string }> {
  requireBillingOwner(team);
  const stripe = stripeClient(config);
  if (!stripe) throw paymentsNotConfigured();
  const plan = planConfig(config)[PLAN_KEY[request.tier]];
  const price = await findPrice(stripe, { plan, interval: request.interval });
  const billing = await ensureCustomer({ db, stripe }, { team });
  const trial =
    !billing.hadSubscription && (await getSubscription({ db }, { teamId: team.id })) === null;
  const session = await callStripe('start a checkout', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: billing.stripeCustomerId,
      client_reference_id: String(team.id),
      line_items: [{ price: price.id, quantity: 1 }],
      subscription_data: {
        metadata: { teamId: String(team.id) },
        ...(trial ? { trial_period_days: TRIAL_DAYS } : {}),
      },
      metadata: { teamId: String(team.id), tier: request.tier, interval: request.interval },
      success_url: `${billingUrl}?checkout=success`,
      cancel_url: `${billingUrl}?checkout=cancelled`,
    }),
  );
  if (!session.url) throw new Error('Stripe returned a checkout session without a url');
  return { url: session.url };
}
