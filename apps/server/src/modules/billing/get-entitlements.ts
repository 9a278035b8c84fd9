import { entitlementsOf, subscriptionSchema, type Entitlements } from '@kindling/domain';
import type { AppServices } from '../../http/types';
import { getSubscription } from '../teams/get-subscription';
import { planConfig } from './get-billing';

/**
 * What the team's subscription unlocks now (packages/domain entitlements): every path that
 * starts something a plan limits asks this first. A stored subscription that does not parse
 * counts as none, as the billing overview reads it.
 */
export async function getEntitlements(
  { db, config }: Pick<AppServices, 'db' | 'config'>,
  { teamId, nowMs }: { teamId: number; nowMs: number },
): Promise<Entitlements> {
  const parsed = subscriptionSchema.nullable().safeParse(await getSubscription({ db }, { teamId }));
  return entitlementsOf(parsed.success ? parsed.data : null, planConfig(config), nowMs);
}
