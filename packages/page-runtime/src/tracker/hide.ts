import { findElements } from '../find-elements';

/** The anti-flicker limit: after this, every hidden element shows, whatever happened. */
export const HIDE_TIMEOUT_MS = 1000;

const validSelector = (selector: string): boolean => {
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
 * remembered as seen: the tracker never swaps content the visitor has already looked at.
 */
export function createHider(selectors: readonly string[], timeoutMs = HIDE_TIMEOUT_MS) {
  const rules = new Set(selectors.filter(validSelector));
  const seen = new WeakSet<Element>();
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
