import { PAGE_RULES_API_MESSAGES, type CampaignPageRules, type PageRules } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { findPageRules } from './repo';

/** GET /campaign/pages: where the campaign runs; 404 when it is not the team's. */
export async function getCampaignPageRules(
  { db }: { db: Db },
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<CampaignPageRules> {
  const found = (await findPageRules(db, { teamId, campaignIds: [campaignId] })).get(campaignId);
  if (!found) throw notFound(PAGE_RULES_API_MESSAGES.campaignNotFound);
  return { campaignId, ...found };
}

/**
 * Campaign id -> its page rules, for the campaigns among `campaignIds` that have some: the
 * tracker config and collect's event checks read them (a campaign without runs on its page).
 */
export async function getPageRulesOf(
  { db }: { db: Db },
  { campaignIds }: { campaignIds: readonly number[] },
): Promise<Map<number, PageRules>> {
  const found = await findPageRules(db, { campaignIds });
  return new Map([...found].flatMap(([id, { rules }]) => (rules ? [[id, rules] as const] : [])));
}
