import { formatSize } from '../egress/read-body';
import { AppError } from '../errors';
import type { AppInstance } from './types';

/**
 * The body limit of every route that reads its body before any membership check (sign-in,
 * sign-up, account links, the preview ticket...) and of unknown paths: their bodies are a few
 * hundred bytes, so an anonymous client cannot make the server read and parse megabytes. Routes
 * that take more (collect, client logs, the Stripe webhook) say so themselves.
 */
export const PUBLIC_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Routes under /api/team/{team} check membership in onRequest, before the body is read, so only
 * a team member can send this much (campaigns with their variants' HTML, pages).
 */
export const MEMBER_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export const bodyTooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${formatSize(limit)}.`);

/**
 * Refuses an oversized body from its declared length before routing, parsing or reading it,
 * on known and unknown routes alike; a body without a length is still cut at the parser. Either
 * answer closes the connection: otherwise Node reads the rest of the body to reuse it.
 */
export function installBodyLimit(app: AppInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const limit = request.routeOptions.bodyLimit ?? PUBLIC_BODY_LIMIT_BYTES;
    if (length <= limit) return done();
    void reply.header('connection', 'close');
    done(bodyTooLarge(limit));
  });
}

/** Routes registered in `scope` take member-sized bodies unless they say otherwise. */
export function memberBodyLimit(scope: AppInstance): void {
  scope.addHook('onRoute', (route) => {
    route.bodyLimit ??= MEMBER_BODY_LIMIT_BYTES;
  });
}
