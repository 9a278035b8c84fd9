import { pageOrigin } from '@kindling/domain';

/**
 * The slug of the team's burner page a campaign address names ({origin}/p/{team}/{slug}, see
 * `pagePath`), or undefined. With the pages origin configured (PAGES_ORIGIN, else PUBLIC_URL)
 * the address must be on it; without, any origin serving that path is taken for the page (a
 * customer's own site would also have to use the team's slug in that exact path).
 */
export function burnerPageSlug(
  address: string,
  { teamSlug, pagesOrigin }: { teamSlug: string; pagesOrigin: string | undefined },
): string | undefined {
  if (pagesOrigin !== undefined && pageOrigin(address) !== pageOrigin(pagesOrigin)) {
    return undefined;
  }
  let path: string;
  try {
    path = new URL(/^https?:\/\//i.test(address) ? address : `https://${address}`).pathname;
  } catch {
    return undefined;
  }
  const match = /^\/p\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!) === teamSlug ? decodeURIComponent(match[2]!) : undefined;
  } catch {
    return undefined;
  }
}
