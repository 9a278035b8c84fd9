import { CARD_PAYMENT_MESSAGES } from '@kindling/domain';
import { forbidden } from '../../errors';
import type { TeamAccess } from '../../http/types';

/** Paying and the billing portal (invoices, card, cancel) are for the team's owners only. */
export function requireBillingOwner(team: TeamAccess): void {
  if (team.role !== 'owner') throw forbidden(CARD_PAYMENT_MESSAGES.ownerOnly);
}
