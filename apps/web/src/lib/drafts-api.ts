import type { CampaignDraft, DraftSummary, SaveDraftInput, SavedDraft } from '@kindling/domain';
import { api, teamApiPath } from './api-client';

// Issue 35: campaigns being built, kept on the server (the wizard saves, the list shows).

export const draftsKey = (team: string) => ['drafts', team] as const;
export const draftKey = (team: string, id: number) => ['draft', team, id] as const;

export async function fetchDrafts(team: string): Promise<DraftSummary[]> {
  return (await api.get<{ drafts: DraftSummary[] }>(teamApiPath(team, '/draft/all'))).drafts;
}

export function fetchDraft(team: string, id: number): Promise<CampaignDraft> {
  return api.get<CampaignDraft>(teamApiPath(team, '/draft/by-id', { id }));
}

export function saveDraft(team: string, draft: SaveDraftInput): Promise<SavedDraft> {
  return api.post<SavedDraft>(teamApiPath(team, '/draft/save'), draft);
}

export function discardDraft(team: string, id: number): Promise<void> {
  return api.delete(teamApiPath(team, '/draft/delete', { id }));
}
