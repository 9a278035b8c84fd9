import type { PageCheck } from './page-check';

export const HTTP_ONLY_HINT = 'This page may only be served over http.';

/**
 * What the preview proxy says when the connection itself failed (refused, reset, TLS
 * handshake, no answer in time): apps/server/src/egress/safe-fetch.ts. Its other errors are
 * about the address (not valid, not allowed, too many redirects), which http would not fix.
 */
const CONNECTION_FAILURES: readonly string[] = [
  'The page could not be reached',
  'The page took too long to answer',
];

/**
 * The http address to offer when an https one could not be reached (undefined otherwise).
 * "https://" is added to an address typed without a scheme, and a small site may only speak
 * http: its https port refuses, or answers with no certificate for the name.
 */
export function httpFallbackOf(url: string, check: PageCheck): string | undefined {
  if (check.kind !== 'unreachable') return undefined;
  if (check.message !== undefined && !CONNECTION_FAILURES.includes(check.message)) return undefined;
  const address = URL.parse(url);
  if (address?.protocol !== 'https:') return undefined;
  address.protocol = 'http:';
  // A port written for https stays: "https://shop.test:8443" may serve http on that port.
  return address.href;
}

/** "http://shop.example.com/pricing", as the button names it: no trailing "/" for the root. */
export const shownAddress = (url: string): string => {
  const address = URL.parse(url);
  if (!address) return url;
  const path = address.pathname === '/' ? '' : address.pathname;
  return `${address.protocol}//${address.host}${path}${address.search}`;
};
