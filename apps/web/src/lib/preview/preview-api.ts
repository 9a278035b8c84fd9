import { api, teamApiPath } from '../api-client';

/** Spec section 7: reported once the preview has failed twice for the same address. */
export function logPreviewError(team: string, url: string): Promise<void> {
  return api.get<void>(teamApiPath(team, '/campaign/log-preview-error', { url }));
}
