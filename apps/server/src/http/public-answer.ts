import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { appOrigin } from './app-origin';

/** Shared caches (a CDN, nginx `proxy_cache`) may keep it a minute: edits reach visitors soon. */
export const SHARED_CACHE_CONTROL = 'public, max-age=60';
/** Only the asking browser may keep it: its addresses came from the request's own headers. */
export const PRIVATE_CACHE_CONTROL = 'private, max-age=60';
/**
 * The tracker's files may be answered stale by a cache in front (a CDN, the browser) while it
 * asks again, and kept while Kindling is unreachable or failing (RFC 5861): ten minutes and a
 * day.
 */
export const TRACKER_STALE_CACHING = 'stale-while-revalidate=600, stale-if-error=86400';
/** The headers a request-built origin is read from (`Host`, and the forwarded ones behind a proxy). */
const ORIGIN_HEADERS = 'Host, X-Forwarded-Host, X-Forwarded-Proto';

/**
 * The app's origin for a public answer that embeds it (the tracker script, burner pages), with
 * how that answer may be cached. A shared cache serves one client's answer to everyone, so an
 * answer whose script addresses came from a request header (a forged `X-Forwarded-Host` behind
 * `TRUST_PROXY`, or a forged `Host`) must never be stored there: only PUBLIC_URL makes it public.
 */
export function publicAnswerOrigin(
  config: Pick<Config, 'PUBLIC_URL'>,
  request: FastifyRequest,
): { origin: string; cacheControl: string } {
  return {
    origin: appOrigin(config, request),
    cacheControl: config.PUBLIC_URL ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL,
  };
}

/** Sets the caching headers `publicAnswerOrigin` chose (and `Vary` when built from the request). */
export function cacheLikeOrigin(reply: FastifyReply, { cacheControl }: { cacheControl: string }) {
  void reply.header('cache-control', cacheControl);
  if (cacheControl === PRIVATE_CACHE_CONTROL) void reply.header('vary', ORIGIN_HEADERS);
  return reply;
}
