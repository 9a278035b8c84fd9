import {
  encodePopupClicks,
  type Campaign,
  type CampaignFormValues,
  type CampaignInput,
  type CampaignSave,
  type CampaignSummary,
} from '@kindling/domain';
import { api, teamApiPath } from './api-client';

export const campaignsKey = (team: string) => ['campaigns', team] as const;
export const campaignKey = (team: string, id: number) => ['campaign', team, id] as const;

export function fetchCampaigns(team: string): Promise<CampaignSummary[]> {
  return api.get<CampaignSummary[]>(teamApiPath(team, '/campaign/by-team'));
}

export function fetchCampaign(team: string, id: number): Promise<Campaign> {
  return api.get<Campaign>(teamApiPath(team, '/campaign/by-id', { id }));
}

/** `draftId`: the draft it was built in, discarded by the server once the campaign exists. */
export function createCampaign(
  team: string,
  values: CampaignFormValues | CampaignInput,
  draftId?: number,
): Promise<{ id: number }> {
  const body = draftId === undefined ? values : { ...values, draftId };
  return api.post<{ id: number }>(teamApiPath(team, '/campaign/create'), body);
}

/** Adds the demo campaign (generated statistics up to 1999-12-31) to the team. */
export function createDemoCampaign(team: string): Promise<{ id: number }> {
  return api.post<{ id: number }>(teamApiPath(team, '/campaign/demo'), {});
}

export function updateCampaignEnabled(
  team: string,
  id: number,
  isEnabled: boolean,
): Promise<{ id: number; isEnabled: boolean }> {
  return api.get(teamApiPath(team, '/campaign/update-enabled', { id, isEnabled }));
}

export function deleteCampaign(team: string, id: number): Promise<void> {
  return api.delete(teamApiPath(team, '/campaign/delete', { id }));
}

export function saveCampaign(team: string, values: CampaignSave): Promise<Campaign> {
  return api.post<Campaign>(teamApiPath(team, '/campaign/save'), values);
}

export interface ScreenshotRequest {
  jobId: string;
  thumbnailSmall: string;
  thumbnailLarge: string;
}

/** A screenshot of `url`, taken once the recorded pop-up clicks have closed its pop-ups. */
export function requestScreenshot(
  team: string,
  url: string,
  popupClicks: readonly string[] = [],
): Promise<ScreenshotRequest> {
  const query = {
    url,
    ...(popupClicks.length > 0 ? { popupClicks: encodePopupClicks(popupClicks) } : {}),
  };
  return api.get<ScreenshotRequest>(teamApiPath(team, '/campaign/screenshot', query));
}

export function updateVariantEnabled(
  team: string,
  id: number,
  isEnabled: boolean,
): Promise<{ id: number; isEnabled: boolean }> {
  return api.get(teamApiPath(team, '/campaign/update-variant-enabled', { id, isEnabled }));
}

export function deleteVariant(team: string, id: number): Promise<void> {
  return api.get(teamApiPath(team, '/campaign/delete-variant', { id }));
}
