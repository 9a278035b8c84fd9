import type { BrowserContext, Route } from 'playwright-core';
import { AppError } from '../../errors';
import type { Resolver } from '../../egress/guarded-lookup';
import { safeFetch } from '../../egress/safe-fetch';

export interface RequestGuardOptions {
  /** PREVIEW_ALLOW_HOSTS. */
  allowHosts: readonly string[];
  resolve: Resolver;
  /** Called with each URL the guard refused, for logs and tests. */
  onRefused?: (url: string) => void;
  /** Cancels the fetches in flight when the shot ends. */
  signal: AbortSignal;
}

const FETCHED = new Set(['http:', 'https:']);
const LOCAL = new Set(['data:', 'blob:']);
const MAX_RESOURCE_BYTES = 10 * 1024 * 1024;

const quietly = (promise: Promise<void>) => promise.catch(() => {});

async function fulfillThroughGuard(route: Route, options: RequestGuardOptions): Promise<void> {
  const request = route.request();
  const url = request.url();
  const protocol = URL.parse(url)?.protocol ?? '';
  if (LOCAL.has(protocol)) return route.continue();
  // A screenshot has no use for form posts or beacons, and a GET cannot be turned into one.
  if (!FETCHED.has(protocol) || request.method() !== 'GET') return route.abort('blockedbyclient');
  let response;
  try {
    response = await safeFetch(url, {
      allowHosts: options.allowHosts,
      resolve: options.resolve,
      maxBytes: MAX_RESOURCE_BYTES,
      signal: options.signal,
    });
  } catch (error) {
    const refused = error instanceof AppError && error.code === 'FORBIDDEN';
    if (refused) options.onRefused?.(url);
    return route.abort(refused ? 'blockedbyclient' : 'failed');
  }
  if (response.finalUrl !== url) {
    // Chromium must learn the page's real address (relative links, origin); its request for
    // it comes back through this guard.
    return route.fulfill({ status: 302, headers: { location: response.finalUrl } });
  }
  return route.fulfill({ status: response.status, headers: response.headers, body: response.body });
}

/**
 * Sends every request the context makes through the SSRF guard: the server fetches it with
 * safeFetch (each redirect hop checked, connection pinned to the checked address, size and
 * time limits) and hands Chromium the response, so Chromium itself never connects anywhere.
 * `route.continue()` would not do: Chromium would follow redirects unseen and resolve the
 * name a second time (DNS rebinding).
 */
export async function guardContext(
  context: BrowserContext,
  options: RequestGuardOptions,
): Promise<void> {
  await context.route('**/*', (route) => quietly(fulfillThroughGuard(route, options)));
  // Nothing a screenshot needs arrives over a WebSocket.
  await context.routeWebSocket(/.*/, (socket) => {
    options.onRefused?.(socket.url());
    return quietly(socket.close());
  });
}
