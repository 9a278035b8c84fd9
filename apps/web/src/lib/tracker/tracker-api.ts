import type { CampaignCounts } from '@kindling/domain';
import { api, teamApiPath } from '../api-client';

export interface InstallationStatus {
  seen: boolean;
  /** ISO time of the newest exposure the tag reported; null when never seen. */
  lastExposureAt: string | null;
  url: string | null;
  /** Bot and headless-browser events the server dropped for these campaigns (not counted). */
  automatedEvents?: number;
  lastAutomatedAt?: string | null;
}

/** How the tag loads the tracker (GET /tracker/snippet?mode=). */
export type SnippetMode = 'sync' | 'async';

export const snippetKey = (team: string, mode: SnippetMode) =>
  ['tracker-snippet', team, mode] as const;

export async function fetchSnippet(team: string, mode: SnippetMode): Promise<string> {
  return (await api.get<{ html: string }>(teamApiPath(team, '/tracker/snippet', { mode }))).html;
}

/** For one campaign when given, otherwise for any campaign of the team. */
export function fetchInstallationStatus(
  team: string,
  campaignId?: number,
): Promise<InstallationStatus> {
  return api.get<InstallationStatus>(teamApiPath(team, '/tracker/status', { campaignId }));
}

export const countsKey = (team: string, campaignId: number) =>
  ['campaign-counts', team, campaignId] as const;

export function fetchCampaignCounts(team: string, campaignId: number): Promise<CampaignCounts> {
  return api.get<CampaignCounts>(teamApiPath(team, '/tracker/counts', { campaignId }));
}
