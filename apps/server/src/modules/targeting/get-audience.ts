import { AUDIENCE_API_MESSAGES, type Audience, type CampaignAudience } from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { findAudiences } from './repo';

/** Country conditions need a source: the trusted proxy header GEO_HEADER names. */
export const countryAvailable = (config: Pick<Config, 'GEO_HEADER'>) => Boolean(config.GEO_HEADER);

/**
 * GET /campaign/audience: who sees the campaign, and whether this server can tell visitors'
 * countries; 404 when it is not the team's.
 */
export async function getCampaignAudience(
  { db, config }: { db: Db; config: Pick<Config, 'GEO_HEADER'> },
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<CampaignAudience> {
  const found = await findAudiences(db, { teamId, campaignIds: [campaignId] });
  if (!found.has(campaignId)) throw notFound(AUDIENCE_API_MESSAGES.campaignNotFound);
  return {
    campaignId,
    countryAvailable: countryAvailable(config),
    audience: found.get(campaignId) ?? null,
  };
}

/** Campaign id -> its audience, for the campaigns among `campaignIds` that have one. */
export async function getAudiencesOf(
  { db }: { db: Db },
  { campaignIds }: { campaignIds: readonly number[] },
): Promise<Map<number, Audience>> {
  const found = await findAudiences(db, { campaignIds });
  return new Map(
    [...found].flatMap(([id, audience]) => (audience ? [[id, audience] as const] : [])),
  );
}
