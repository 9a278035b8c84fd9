import { pageOrigin, samePage } from './tracker-config';
import { isHttpAddress } from './url';

// Split-URL tests (issue 32): a campaign whose variants are other addresses. It is a campaign
// with one element, the whole page (`PAGE_SELECTOR`), whose variants each name the address its
// visitors are sent to; the original stays where it is. The tracker sends them on before the
// original paints, keeping the query and the fragment.

/** The selector of the whole-page element of a split-URL test. */
export const PAGE_SELECTOR = 'html';
export const REDIRECT_MAX_LENGTH = 2048;
/**
 * The whole page's selector as served to the tracker: an element only the tracker's targeting
 * part adds (it applies redirects). A tracker without the part, cached from before the team's
 * first split-URL test, never finds it: the campaign is "not on this page" there, never counted
 * for visitors it did not send on. The script's hide list names `PAGE_SELECTOR` instead.
 */
export const PAGE_MARK_NAME = 'kindling-page';
export const PAGE_MARK_SELECTOR = `meta[name="${PAGE_MARK_NAME}"]`;

export const SPLIT_URL_MESSAGES = {
  empty: 'Enter the address visitors of this variant are sent to.',
  address: 'A variant address starts with http:// or https:// and is at most 2048 characters.',
  samePage: 'A variant address must be another page than the one tested.',
  notPage: 'Only the whole page of a split-URL test sends visitors to another address.',
  alone: 'A split-URL test changes no element: the whole page is its only element.',
} as const;

/** The address must be on the page's own site: the tag there counts the variant's goals. */
export const otherSiteMessage = (origin: string): string =>
  `A variant address must be on the same site as the page (${origin}), where the tag counts its goals.`;

/** True for the whole-page element of a split-URL test. */
export const isPageElement = (element: { selector?: string }): boolean =>
  element.selector === PAGE_SELECTOR;

/** Why a campaign's elements may not be stored together: the whole page beside others. */
export const splitUrlElementsProblem = (elements: readonly { selector: string }[]) =>
  elements.length > 1 && elements.some(isPageElement) ? SPLIT_URL_MESSAGES.alone : undefined;

/**
 * Why `address` may not be a variant address of the page at `pageUrl` (undefined when it may):
 * an http(s) address of the same site, not the page itself. Without `pageUrl` only its form is
 * checked.
 */
export function redirectProblem(address: string, pageUrl?: string): string | undefined {
  const trimmed = address.trim();
  if (trimmed === '') return SPLIT_URL_MESSAGES.empty;
  if (trimmed.length > REDIRECT_MAX_LENGTH || !isHttpAddress(trimmed)) {
    return SPLIT_URL_MESSAGES.address;
  }
  if (pageUrl === undefined) return undefined;
  const origin = pageOrigin(pageUrl);
  if (origin !== undefined && pageOrigin(trimmed) !== origin) return otherSiteMessage(origin);
  return samePage(trimmed, pageUrl) ? SPLIT_URL_MESSAGES.samePage : undefined;
}

/**
 * Where a visitor of the page at `here` is sent for the variant address `address`: the address
 * with the page's query parameters it does not set itself, and the page's fragment when it has
 * none (a campaign link's UTM tags reach the variant page). Undefined when that is the page
 * itself (the loop guard: a variant page that the campaign also runs on sends no one on).
 */
export function redirectTarget(address: string, here: string): string | undefined {
  const target = new URL(address, here);
  const current = new URL(here);
  current.searchParams.forEach((value, name) => {
    if (!target.searchParams.has(name)) target.searchParams.append(name, value);
  });
  if (!target.hash) target.hash = current.hash;
  return samePage(target.href, here) ? undefined : target.href;
}
