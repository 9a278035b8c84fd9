import { escapeHtml } from '@kindling/domain';
import { trackerBase } from './tracker-deps';

/**
 * How the tag loads the tracker (issue 30). `sync`, the default: the page waits for the script,
 * so a variant never flashes, but a slow Kindling holds the page. `async`: the page never waits;
 * an inline bootstrap hides, for at most a second, only what the tracker changed for this visitor
 * on this page last time, so a first-time visitor may see an original, which is then kept.
 */
export const TRACKER_SNIPPET_MODES = ['sync', 'async'] as const;
export type TrackerSnippetMode = (typeof TRACKER_SNIPPET_MODES)[number];

/** The async bootstrap's hard limit: every hiding rule it adds is gone after this. */
export const ASYNC_HIDE_TIMEOUT_MS = 1000;

/**
 * The async install's inline script. It notes the first animation frame (just before the first
 * paint: the tracker never swaps what may have been seen), reads the selectors the tracker kept
 * for this page (localStorage "kindling.hide", keyed like pageKey), hides them with a
 * <style id="kindling-hide"> the tracker takes over, removes that style after a second whatever
 * happens, and adds the tracker as an async script. Hand-written ES5: it runs on every page view
 * before anything else.
 */
const asyncBootstrap = (src: string, collectKey: string | undefined) =>
  `!function(d,l,s,h,k){requestAnimationFrame(function(){window.kindlingPainted=1});` +
  `try{h=JSON.parse(localStorage.getItem("kindling.hide"))` +
  `[l.protocol+"//"+l.host+(l.pathname.replace(/\\/$/,"")||"/")]}catch(e){}` +
  `if(h){s=d.createElement("style");s.id="kindling-hide";` +
  `s.textContent=h+"{visibility:hidden!important}";d.head.appendChild(s);` +
  `setTimeout(function(){s.remove()},${ASYNC_HIDE_TIMEOUT_MS})}` +
  `k=d.createElement("script");k.src=${JSON.stringify(src)};k.async=!0;` +
  (collectKey ? `k.setAttribute("data-collect-key",${JSON.stringify(collectKey)});` : '') +
  `d.head.appendChild(k)}(document,location)`;

/**
 * The tag a team pastes into the <head> of its pages. Kindling's own burner pages add their
 * collect key, which the tracker sends with each event (collect asks it of their campaigns).
 * Both modes start fetching the config at once (a preload the tracker's fetch then uses).
 */
export function getTrackerSnippet({
  slug,
  origin,
  collectKey,
  mode = 'sync',
}: {
  slug: string;
  origin: string;
  collectKey?: string;
  mode?: TrackerSnippetMode;
}): { html: string; mode: TrackerSnippetMode } {
  const base = trackerBase(origin, slug);
  const preload = `<link rel="preload" href="${escapeHtml(`${base}/config.json`)}" as="fetch" crossorigin>`;
  if (mode === 'async') {
    const script = asyncBootstrap(`${base}.js`, collectKey).replaceAll('<', '\\u003c');
    return { html: `${preload}<script>${script}</script>`, mode };
  }
  const key = collectKey ? ` data-collect-key="${escapeHtml(collectKey)}"` : '';
  return { html: `${preload}<script src="${escapeHtml(`${base}.js`)}"${key}></script>`, mode };
}
