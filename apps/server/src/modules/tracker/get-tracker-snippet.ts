import { trackerBase } from './tracker-deps';

/** The tag a team pastes into the <head> of its pages. */
export function getTrackerSnippet({ slug, origin }: { slug: string; origin: string }): {
  html: string;
} {
  const src = `${trackerBase(origin, slug)}.js`.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return { html: `<script src="${src}"></script>` };
}
