import { escapeHtml } from '@kindling/domain';
import { trackerBase } from './tracker-deps';

/**
 * The tag a team pastes into the <head> of its pages. Kindling's own burner pages add their
 * collect key, which the tracker sends with each event (collect asks it of their campaigns).
 */
export function getTrackerSnippet({
  slug,
  origin,
  collectKey,
}: {
  slug: string;
  origin: string;
  collectKey?: string;
}): {
  html: string;
} {
  const src = escapeHtml(`${trackerBase(origin, slug)}.js`);
  const key = collectKey ? ` data-collect-key="${escapeHtml(collectKey)}"` : '';
  return { html: `<script src="${src}"${key}></script>` };
}
