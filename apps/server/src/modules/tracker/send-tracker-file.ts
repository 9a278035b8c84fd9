import type { FastifyReply, FastifyRequest } from 'fastify';
import { varyWith } from '../../http/api-cache';
import { cacheLikeOrigin, TRACKER_STALE_CACHING } from '../../http/public-answer';
import type { TrackerFile } from './tracker-deps';

/**
 * Answers a file customers' pages load (the tracker script, its config, vitals.js) with its
 * ETag (304 to a matching If-None-Match) and the tracker's caching: a cache in front (a CDN,
 * the browser) may answer a stale copy while it asks again, and keep answering it while Kindling
 * is unreachable or failing (README, "Serve the tracker through a CDN").
 */
export function sendTrackerFile(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    file,
    type,
    cacheControl,
    vary,
  }: { file: TrackerFile; type: string; cacheControl: string; vary?: string },
) {
  void cacheLikeOrigin(reply, { cacheControl })
    .header('cache-control', `${cacheControl}, ${TRACKER_STALE_CACHING}`)
    .header('etag', file.etag);
  if (vary) void reply.header('vary', varyWith(reply.getHeader('vary'), vary));
  const seen = request.headers['if-none-match'];
  const tags = (seen ?? '').split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (tags.includes(file.etag)) return reply.status(304).send();
  return reply.type(type).send(file.body);
}
