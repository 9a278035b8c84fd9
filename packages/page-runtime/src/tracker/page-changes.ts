import { PAGE_MARK_NAME, PAGE_MARK_SELECTOR, redirectTarget } from '@kindling/domain';
import { PART_MUTATION_TYPES, type PageMutation } from '../mutation-types';
import type { Sanitize } from '../sanitize-html';
import { SETTLE_MS } from './apply';
import { watchHistory } from './history';
import { createMover } from './moves';
import type { Config } from './plan';

/** A redirect that has not left the page this long shows the page again (a failed navigation). */
const REDIRECT_SHOWS_PAGE_AFTER_MS = 5000;

/**
 * Sends the visitor of a split-URL variant on (issue 32), before the original paints: the page
 * stays hidden (the script's hide list hid it until the plan) while the browser leaves, and
 * `location.replace` keeps the original out of the history. The exposure goes on `pagehide`, as
 * for any page left before it settled. No redirect when the target is this very page.
 */
function redirect(url: string): void {
  const target = redirectTarget(url, location.href);
  if (!target) return;
  const { style } = document.documentElement;
  style.setProperty('visibility', 'hidden', 'important');
  setTimeout(() => style.removeProperty('visibility'), REDIRECT_SHOWS_PAGE_AFTER_MS);
  location.replace(target);
}

declare global {
  interface Window {
    /** The element a variant's script runs for, while it runs (`element` in its code). */
    kindlingElement?: Element;
  }
}

/**
 * A variant's stylesheet, per text: in the head while the element it came with is on the page.
 * A single-page site that leaves the page takes the element away, and the sweep (after the next
 * page view has settled) the stylesheet.
 */
function createStyles() {
  const styles = new Map<string, [HTMLStyleElement, Element]>();
  const sweep = () => {
    for (const [style, element] of styles.values()) if (!element.isConnected) style.remove();
  };
  watchHistory(() => setTimeout(sweep, SETTLE_MS));
  return (element: Element, css: string) => {
    const entry = styles.get(css) ?? [document.createElement('style'), element];
    entry[0].textContent = css;
    entry[1] = element;
    styles.set(css, entry);
    if (!entry[0].isConnected) document.head.append(entry[0]);
  };
}

/**
 * A variant's script, run once per element it holds (a re-render that replaces the element runs
 * it again for the new one), as an inline script: the page's own Content-Security-Policy
 * decides, and its errors go to the page's error handlers, never into the tracker's.
 */
function createScripts() {
  const ran = new WeakMap<Element, Set<string>>();
  return (element: Element, code: string) => {
    const done = ran.get(element) ?? new Set();
    if (done.has(code)) return;
    done.add(code);
    ran.set(element, done);
    const script = document.createElement('script');
    script.textContent = `(function(element){${code}\n})(window.kindlingElement)`;
    window.kindlingElement = element;
    document.head.append(script);
    script.remove();
    delete window.kindlingElement;
  };
}

/** What a bundle without the HTML allow-list shows of HTML: its text (a config newer than it). */
function textOnly(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  const fragment = document.createDocumentFragment();
  fragment.append(template.content.textContent ?? '');
  return fragment;
}

/**
 * The change types the targeting part applies for the core (`Targeting`'s third answer), and
 * the variant preview link too: the core's sanitiser, or a text-only stand-in, whose `more` takes
 * split-URL redirects, moves, and variants' stylesheets and scripts before the sanitiser's own
 * types.
 */
export function withPartChanges(html: Sanitize | undefined): Sanitize {
  const style = createStyles();
  const run = createScripts();
  const move = createMover();
  const more = (element: Element, mutation: PageMutation) => {
    if (mutation.type === 'redirect') redirect(mutation.url);
    else if (mutation.type === 'move') move(element, mutation);
    else if (mutation.type === 'css') style(element, mutation.css);
    else if (mutation.type === 'code') run(element, mutation.code);
    else html?.more?.(element, mutation);
  };
  return Object.assign(
    html ? (text: string, profile: 'inline' | 'block') => html(text, profile) : textOnly,
    { more },
  );
}

/**
 * `withPartChanges` when a campaign needs it (undefined otherwise). A split-URL test's page is
 * found by a mark this adds to the head (split-url.ts PAGE_MARK_SELECTOR).
 */
export function pageChanges(config: Config, html: Sanitize | undefined): Sanitize | undefined {
  const elements = config.campaigns.flatMap((campaign) => campaign.elements);
  const types = new Set(
    elements.flatMap((element) =>
      element.variants.flatMap((variant) => variant.mutations.map((mutation) => mutation.type)),
    ),
  );
  if (!PART_MUTATION_TYPES.some((type) => types.has(type))) return undefined;
  if (elements.some((element) => element.selector === PAGE_MARK_SELECTOR)) {
    const mark = document.createElement('meta');
    mark.name = PAGE_MARK_NAME;
    document.head.append(mark);
  }
  return withPartChanges(html);
}
