import type { Subscription } from '@kindling/domain';
import type { TestApp } from './test-app';

const DAY_S = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);

/** Subscriptions in each state, on the default plan table's products (config defaults). */
export const SUBSCRIPTIONS = {
  paid: (tier: 'starter' | 'standard' | 'business' = 'starter'): Subscription => ({
    status: 'active',
    periodEndsAt: nowS() + 20 * DAY_S,
    trialEndsAt: null,
    productId: `kindling-${tier}`,
  }),
  onTrial: (tier: 'starter' | 'standard' | 'business' = 'starter'): Subscription => ({
    status: 'trialing',
    periodEndsAt: null,
    trialEndsAt: nowS() + 10 * DAY_S,
    productId: `kindling-${tier}`,
  }),
  /** Ended `daysAgo` days ago (the grace is 7 days). */
  trialEnded: (daysAgo = 1): Subscription => ({
    status: 'trialing',
    periodEndsAt: null,
    trialEndsAt: nowS() - daysAgo * DAY_S,
    productId: 'kindling-starter',
  }),
  periodEnded: (daysAgo = 1): Subscription => ({
    status: 'canceled',
    periodEndsAt: nowS() - daysAgo * DAY_S,
    trialEndsAt: null,
    productId: 'kindling-starter',
  }),
} as const;

/**
 * Stores a team's subscription as the billing webhooks would (null: none). A test helper, not a
 * route: no production path writes a subscription but billing's own.
 */
export async function setTeamSubscription(
  app: Pick<TestApp, 'services'>,
  { slug, subscription }: { slug: string; subscription: Subscription | null },
): Promise<void> {
  const result = await app.services.db
    .updateTable('teams')
    .set({ subscription: JSON.stringify(subscription) })
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`no team ${slug}`);
}
