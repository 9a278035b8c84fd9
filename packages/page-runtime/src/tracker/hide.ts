import { findElements } from '../find-elements';

/** The anti-flicker limit: after this, every hidden element shows, whatever happened. */
export const HIDE_TIMEOUT_MS = 1000;

/**
 * Where the tracker keeps, per page (pageKey), the selectors it changed for this visitor there,
 * joined with commas: the async snippet hides them on the next page view before the tracker
 * arrives (get-tracker-snippet.ts reads it).
 */
export const HIDE_KEY = 'kindling.hide';
/** The async snippet's <style>: the tracker's own hiding takes over from it. */
export const SNIPPET_STYLE_ID = 'kindling-hide';

declare global {
  interface Window {
    /**
     * Set by the async snippet in the first animation frame, which runs just before the first
     * paint: once set, what the page shows may have been seen. (The paint timing entry comes a
     * frame or so after the paint itself, too late to rely on alone.)
     */
    kindlingPainted?: 1;
  }
}

export const validSelector = (selector: string): boolean => {
  try {
    // A selector the DOM accepts cannot hold a rule break ("}"), so it is safe in a stylesheet.
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
};

/**
 * Hides only the elements a campaign may change (never the whole page) with one <style>, until
 * each is changed or the hard timeout. Elements already on the page at the timeout are
 * remembered as seen: the tracker never swaps content the visitor has already looked at. So are
 * elements showing when the tracker starts after the page's first paint (an async install):
 * those are never hidden, and keep their original.
 */
export function createHider(selectors: readonly string[], timeoutMs = HIDE_TIMEOUT_MS) {
  const rules = new Set(selectors.filter(validSelector));
  const seen = new WeakSet<Element>();
  const snippetStyle = document.getElementById(SNIPPET_STYLE_ID);
  if (window.kindlingPainted || performance.getEntriesByName('first-contentful-paint').length) {
    // What the async snippet hides ("a,b{visibility:...}") was not seen; matched, not computed,
    // so no style is recalculated mid-load.
    const hidden = snippetStyle?.textContent?.split('{')[0];
    for (const selector of rules) {
      for (const element of findElements(selector)) {
        if (!hidden || !element.matches(hidden)) {
          seen.add(element);
          rules.delete(selector);
        }
      }
    }
  }
  const style = document.createElement('style');
  const render = () => {
    style.textContent = [...rules]
      .map((selector) => `${selector}{visibility:hidden!important}`)
      .join('');
    if (rules.size === 0) style.remove();
  };
  if (rules.size) {
    render();
    document.head.append(style);
  }
  snippetStyle?.remove();
  const reveal = (selector: string) => {
    if (rules.delete(selector)) render();
  };
  setTimeout(() => {
    for (const selector of rules) findElements(selector).forEach((element) => seen.add(element));
    rules.clear();
    render();
  }, timeoutMs);
  return {
    reveal,
    /** Shows every element except those about to change. */
    keepOnly(selectors: readonly string[]) {
      for (const selector of [...rules]) if (!selectors.includes(selector)) reveal(selector);
    },
    /** True when the visitor may already have seen this element as it was. */
    wasSeen: (element: Element) => seen.has(element),
  };
}

export type Hider = ReturnType<typeof createHider>;
