import { escapeHtml } from '@kindling/domain';
import { trackerBase } from './tracker-deps';

/** The tag a team pastes into the <head> of its pages. */
export function getTrackerSnippet({ slug, origin }: { slug: string; origin: string }): {
  html: string;
} {
  const src = escapeHtml(`${trackerBase(origin, slug)}.js`);
  return { html: `<script src="${src}"></script>` };
}
