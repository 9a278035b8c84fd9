import { CARD_PAYMENT_MESSAGES } from '@kindling/domain';
import Stripe from 'stripe';
import { AppError } from '../../errors';

export const paymentsNotConfigured = () =>
  new AppError('CONFLICT', CARD_PAYMENT_MESSAGES.notConfigured);

/**
 * A failed call to Stripe (network, refused key, bad request) is the provider's answer, not ours:
 * 502 with what Stripe said, so a self-hoster can fix their account or keys.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new AppError('BAD_GATEWAY', `Stripe refused to ${what}: ${error.message}`);
    }
    throw error;
  }
}
