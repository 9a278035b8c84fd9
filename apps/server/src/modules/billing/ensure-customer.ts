import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { getTeam } from '../teams/get-team';
import { callStripe } from './billing-errors';
import { findTeamBilling, insertCustomer } from './repo';

/** The team's Stripe customer, created on its first checkout and reused after. */
export async function ensureCustomer(
  { db, stripe }: { db: Db; stripe: Stripe },
  { team }: { team: TeamAccess },
) {
  const known = await findTeamBilling(db, team.id);
  if (known) return known;
  const { team: details } = await getTeam({ db }, { team });
  const customer = await callStripe('create a customer', () =>
    stripe.customers.create({
      name: details.name,
      metadata: { teamId: String(team.id), teamSlug: team.slug },
    }),
  );
  await insertCustomer(db, { teamId: team.id, customerId: customer.id });
  const stored = await findTeamBilling(db, team.id);
  if (!stored) throw new Error('team billing row missing after insert');
  return stored;
}
