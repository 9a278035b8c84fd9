import { CARD_PAYMENT_MESSAGES } from '@kindling/domain';
import { validationError } from '../../errors';
import type { AppServices, TeamAccess } from '../../http/types';
import { requireBillingOwner } from './billing-owner';
import { callStripe, paymentsNotConfigured } from './billing-errors';
import { findTeamBilling } from './repo';
import { stripeClient } from './stripe-client';

/** Stripe's customer portal (card, invoices, plan change, cancel) for the team's customer. */
export async function openPortal(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  { team, billingUrl }: { team: TeamAccess; billingUrl: string },
): Promise<{ url: string }> {
  requireBillingOwner(team);
  const stripe = stripeClient(config);
  if (!stripe) throw paymentsNotConfigured();
  const billing = await findTeamBilling(db, team.id);
  if (!billing) throw validationError(CARD_PAYMENT_MESSAGES.noCustomer);
  const session = await callStripe('open the billing portal', () =>
    stripe.billingPortal.sessions.create({
      customer: billing.stripeCustomerId,
      return_url: billingUrl,
    }),
  );
  return { url: session.url };
}
