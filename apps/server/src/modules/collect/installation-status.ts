import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import type { AutomatedVisits } from './automated-visits';
import { findLastExposure } from './repo';

export type ListCampaignIds = (input: { teamId: number; campaignId?: number }) => Promise<number[]>;

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/**
 * "Check installation": when the tracker last reported an exposure, and from which page, for
 * one campaign of the team or for any of them. Null when the tag has not been seen yet. With
 * it, the bot and headless-browser events collect dropped for them (not counted, not stored).
 */
export async function getInstallationStatus(
  {
    db,
    listCampaignIds,
    automatedVisits,
  }: { db: Db; listCampaignIds: ListCampaignIds; automatedVisits: AutomatedVisits },
  { team, campaignId }: { team: TeamAccess; campaignId?: number },
) {
  const ids = await listCampaignIds({ teamId: team.id, ...(campaignId ? { campaignId } : {}) });
  if (campaignId !== undefined && ids.length === 0) throw notFound(CAMPAIGN_NOT_FOUND);
  const last = await findLastExposure(db, ids);
  const automated = automatedVisits.of(ids);
  return {
    seen: last !== undefined,
    lastExposureAt: last ? new Date(last.receivedAt).toISOString() : null,
    url: last?.url ?? null,
    automatedEvents: automated.events,
    lastAutomatedAt: automated.lastAt,
  };
}
