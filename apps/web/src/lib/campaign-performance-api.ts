import { campaignPerformanceSchema, type CampaignPerformance } from '@kindling/domain';
import { z } from 'zod';
import { api, teamApiPath } from './api-client';

const performanceListSchema = z.array(campaignPerformanceSchema);

export const performanceKey = (team: string, timezone: string) =>
  ['campaign-performance', team, timezone] as const;

/** Every campaign's figures; the last 30 days are calendar days of `timezone`. */
export function fetchCampaignPerformance(
  team: string,
  timezone: string,
): Promise<CampaignPerformance[]> {
  return api.get(teamApiPath(team, '/campaign/performance/campaigns', { timezone }), {
    schema: performanceListSchema,
  });
}
