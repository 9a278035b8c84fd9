import {
  pageUrlKey,
  urlContextViewSchema,
  type UrlContext,
  type UrlContextView,
} from '@kindling/domain';
import { api, teamApiPath } from '../../../../lib/api-client';

// Spec section 7: url-context/by-url and url-context/save, the page's context for AI prompts.

/** Keyed by the page's normalised address, so every spelling of a page shares one entry. */
export const urlContextKey = (team: string, url: string) =>
  ['url-context', team, pageUrlKey(url) ?? url] as const;

export function fetchUrlContext(team: string, url: string): Promise<UrlContextView> {
  return api.get(teamApiPath(team, '/url-context/by-url', { url }), {
    schema: urlContextViewSchema,
  });
}

export function saveUrlContext(
  team: string,
  body: { url: string; context: UrlContext },
): Promise<UrlContextView> {
  return api.post(teamApiPath(team, '/url-context/save'), body, { schema: urlContextViewSchema });
}
