import { isValidUrl, normalizeUrl } from './url';

// Kindling's own published pages (issue 18) are campaign URLs too. On a self-hosted instance
// they often live on http://localhost:3000 or a LAN address, which the page-URL rule refuses
// for customers' pages (no localhost, no IP hosts). One rule decides both: an address under the
// app's own pages origin is valid, every other address follows isValidUrl.

// The WHATWG URL parser (browsers and Node); the domain package has no DOM or Node types.
declare const URL: new (url: string) => { origin: string; pathname: string };

function parseUrl(input: string) {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

/** `/p/{team}/{slug}` and its thank-you page `/p/{team}/{slug}/thanks`. */
const OWN_PAGE_PATH = /^\/p\/([^/]+)\/([^/]+)(\/thanks)?\/?$/;

export interface OwnPageAddress {
  team: string;
  slug: string;
  /** The sign-up's thank-you page rather than the page itself. */
  thanks: boolean;
}

/**
 * The team and page slug when `input` is one of the app's published-page addresses under
 * `pagesOrigin` (PAGES_ORIGIN, else the app's own origin), else null.
 */
export function ownPageAddress(
  input: string,
  pagesOrigin: string | null | undefined,
): OwnPageAddress | null {
  if (!pagesOrigin) return null;
  const url = parseUrl(normalizeUrl(input));
  const origin = parseUrl(pagesOrigin)?.origin;
  if (!url || !origin || origin === 'null' || url.origin !== origin) return null;
  const match = OWN_PAGE_PATH.exec(url.pathname);
  if (!match) return null;
  try {
    return {
      team: decodeURIComponent(match[1]!),
      slug: decodeURIComponent(match[2]!),
      thanks: match[3] !== undefined,
    };
  } catch {
    return null; // malformed percent-encoding
  }
}

/**
 * The campaign URL rule: an address isValidUrl accepts, or one of the app's own published
 * pages, wherever the app runs (localhost and LAN addresses included, those pages only).
 */
export function isValidCampaignUrl(input: string, ownPagesOrigin?: string | null): boolean {
  return isValidUrl(input) || ownPageAddress(input, ownPagesOrigin) !== null;
}

/** The same rule as the page URL field takes it: `https://` is added when left out. */
export function isValidPageUrl(input: string, ownPagesOrigin?: string | null): boolean {
  return isValidCampaignUrl(normalizeUrl(input), ownPagesOrigin);
}
