import { vitalsSettingsSchema, type VitalsSettings } from '@kindling/domain';
import { api, request, teamApiPath } from '../../../lib/api-client';

export const vitalsSettingsKey = (team: string, campaignId: number) =>
  ['campaign-vitals-settings', team, campaignId] as const;

/** The campaign's Web Vitals sampling and guardrails. */
export function fetchVitalsSettings(team: string, campaignId: number): Promise<VitalsSettings> {
  return api.get(teamApiPath(team, '/campaign/vitals', { campaignId }), {
    schema: vitalsSettingsSchema,
  });
}

export function saveVitalsSettings(
  team: string,
  campaignId: number,
  settings: VitalsSettings,
): Promise<VitalsSettings> {
  return request('PUT', teamApiPath(team, '/campaign/vitals'), {
    body: { campaignId, ...settings },
    schema: vitalsSettingsSchema,
  });
}
