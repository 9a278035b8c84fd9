import { z } from 'zod';
import type { SubscriptionStatus } from './subscription';

// Card payments through the payment provider (Stripe), issue 13: spec sections 3, 4, 7 and 8.

export const CHECKOUT_TIERS = ['starter', 'standard', 'business'] as const;
export type CheckoutTier = (typeof CHECKOUT_TIERS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export const checkoutRequestSchema = z.object({
  tier: z.enum(CHECKOUT_TIERS, { error: 'Choose a plan: starter, standard or business.' }),
  interval: z.enum(BILLING_INTERVALS, { error: 'Choose monthly or yearly billing.' }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Every wording the card-payment flow shows, once (tests use them verbatim). */
export const CARD_PAYMENT_MESSAGES = {
  /** Spec section 8: "Card payment script unavailable". */
  scriptUnavailable:
    'Stripe.js is not available: the card payment provider’s script loaded but did not start. Card payments may be refused until the page is reloaded.',
  /** Spec section 8: "Card payment script fails to load". */
  scriptFailed:
    'Loading Stripe.js failed: the card payment provider’s script could not be loaded. Check your connection or content blocker, then reload the page.',
  notConfigured: 'Payments are not configured on this server.',
  noCustomer:
    'This team has no billing account yet: choose a plan first, then you can manage billing.',
  ownerOnly: 'Only a team owner can change the plan or manage billing.',
  webhookNotConfigured:
    'Payments are not configured on this server, so it takes no payment events.',
  webhookSignature: 'The Stripe-Signature header does not match this payload.',
} as const;

/**
 * The provider's subscription statuses mapped onto the four the spec shows (section 4):
 * - incomplete (first payment not yet made), past_due and unpaid (renewals failing) are
 *   "past_due": the team owes money, access stops ("period ended");
 * - incomplete_expired (first payment never made) and canceled are "canceled";
 * - paused (a trial ended without a payment method) is "trialing": with its trial end in the
 *   past it reads "trial ended", which is what happened;
 * - anything newer the provider invents is "past_due", so an unknown status never grants access.
 */
export function subscriptionStatusFromProvider(status: string): SubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
      return status;
    case 'paused':
      return 'trialing';
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'past_due';
  }
}
