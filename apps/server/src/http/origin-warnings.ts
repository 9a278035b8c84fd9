import type { Config } from '../config';

export const SHARED_PAGES_ORIGIN_WARNING =
  "Published pages share the app's origin: PAGES_ORIGIN is not a host name of its own, so a page " +
  'runs where signed-in members keep their session. Point a second host name at this server and ' +
  'set PAGES_ORIGIN to it (README: Burner landing pages).';

export const REQUEST_BUILT_ORIGIN_WARNING =
  'PUBLIC_URL is not set: the tracker and published pages name this server by the address each ' +
  'request used, so they are answered "private" and no CDN or proxy cache keeps them. Set ' +
  'PUBLIC_URL to let shared caches serve them.';

const originOf = (url: string | undefined) => (url ? new URL(url).origin : undefined);

/** What a person starting the server should change in its origins, said once at start. */
export function originWarnings(
  config: Pick<Config, 'PUBLIC_URL' | 'ADMIN_URL' | 'PAGES_ORIGIN' | 'TRUST_PROXY'>,
): string[] {
  const warnings: string[] = [];
  const pages = originOf(config.PAGES_ORIGIN);
  const app = [originOf(config.PUBLIC_URL), originOf(config.ADMIN_URL)];
  if (!pages || app.includes(pages)) warnings.push(SHARED_PAGES_ORIGIN_WARNING);
  if (config.TRUST_PROXY !== false && !config.PUBLIC_URL)
    warnings.push(REQUEST_BUILT_ORIGIN_WARNING);
  return warnings;
}
