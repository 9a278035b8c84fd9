import { campaignAudienceSchema, type Audience, type CampaignAudience } from '@kindling/domain';
import { api, request, teamApiPath } from '../../../lib/api-client';

export const audienceKey = (team: string, campaignId: number) =>
  ['campaign-audience', team, campaignId] as const;

/** Who sees the campaign: its audience, or null for every visitor. */
export async function fetchAudience(team: string, campaignId: number): Promise<CampaignAudience> {
  return (await api.get(teamApiPath(team, '/campaign/audience', { campaignId }), {
    schema: campaignAudienceSchema,
  })) as CampaignAudience;
}

export async function saveAudience(
  team: string,
  campaignId: number,
  audience: Audience | null,
): Promise<CampaignAudience> {
  return (await request('PUT', teamApiPath(team, '/campaign/audience'), {
    body: { campaignId, audience },
    schema: campaignAudienceSchema,
  })) as CampaignAudience;
}
