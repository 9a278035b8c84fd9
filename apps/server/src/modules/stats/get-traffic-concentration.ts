import { presentTrafficConcentration, type TrafficConcentration } from '@kindling/domain';
import type { Db } from '../../db/database';
import { sumCampaignTraffic } from './traffic-repo';

/**
 * Whether the campaign's counted traffic is concentrated on few client addresses (the domain's
 * rule), with the numbers and the warning to show. Over the campaign's lifetime, as the
 * automatic decisions it guards read their counts; a handful of summary rows, not the events.
 */
export async function getTrafficConcentration(
  { db }: { db: Db },
  { teamId, campaignId }: { teamId: number; campaignId: number },
): Promise<TrafficConcentration> {
  return presentTrafficConcentration(await sumCampaignTraffic(db, { teamId, campaignId }));
}
