import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from './types';

/**
 * What every API answer that sets no policy of its own may be cached as: by the browser only
 * (`private`: never a shared proxy, answers are per user), and only after asking the server
 * again (`no-cache`), which answers 304 with no body when the ETag still matches. No max-age:
 * a browser serving its copy for an hour would show a member stale data right after their own
 * change. How long data stays fresh without asking is the web app's query cache's business
 * (API_CACHE_SECONDS, USER_CONTEXT_CACHE_SECONDS), which every write invalidates.
 */
export const API_CACHE_CONTROL = 'private, no-cache';

/** A strong validator: the SHA-1 of the exact bytes sent (base64url, 27 characters). */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** If-None-Match holds this ETag: `*`, or a list of (possibly weak) validators, compared weakly. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = header.trim();
  if (wanted === '*') return true;
  return wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const cacheable = (request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  request.url.startsWith('/api/') &&
  reply.statusCode === 200 &&
  !reply.hasHeader('cache-control') &&
  (typeof payload === 'string' || Buffer.isBuffer(payload));

/**
 * ETags on GET API answers (issue 13): a repeat carrying If-None-Match gets 304 and no body
 * when nothing changed, so revalidating every time costs a round trip, not the data. Routes that
 * set Cache-Control themselves (the tracker, stored files, the preview) keep their own policy.
 */
export function installApiCache(app: AppInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!cacheable(request, reply, payload)) {
      done(null, payload);
      return;
    }
    const etag = etagOf(payload as string | Buffer);
    void reply.header('etag', etag).header('cache-control', API_CACHE_CONTROL);
    // Answers depend on who asks; a cache keyed by address alone must not hand them on.
    void reply.header('vary', varyWith(reply.getHeader('vary'), 'Authorization'));
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      void reply.code(304).removeHeader('content-length');
      done(null, '');
      return;
    }
    done(null, payload);
  });
}

/** `current` (a Vary header value) with `name` added unless it is there. */
export function varyWith(current: unknown, name: string): string {
  const names = typeof current === 'string' && current !== '' ? current.split(/\s*,\s*/) : [];
  return names.some((known) => known.toLowerCase() === name.toLowerCase())
    ? names.join(', ')
    : [...names, name].join(', ');
}
