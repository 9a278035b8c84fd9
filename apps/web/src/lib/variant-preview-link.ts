import type { VariantPreviewLink, VariantPreviewLinkRequest } from '@kindling/domain';
import { api, teamApiPath } from './api-client';

// "View on live page" (Labs flag "View variant"): a signed link, valid one hour, that opens the
// campaign's page showing one variant or the original in that tab only, never counted.

export function fetchVariantPreviewLink(
  team: string,
  target: VariantPreviewLinkRequest,
): Promise<VariantPreviewLink> {
  return api.post<VariantPreviewLink>(teamApiPath(team, '/campaign/variant-preview-link'), target);
}

/**
 * Opens a tab inside the click (so popup blockers let it through), then sends it to the link
 * once the server made it. The tab loses its opener: the customer's page cannot reach the app.
 */
export async function openVariantPreview(
  team: string,
  target: VariantPreviewLinkRequest,
): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await fetchVariantPreviewLink(team, target);
    if (tab) {
      tab.opener = null;
      tab.location.replace(url);
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
