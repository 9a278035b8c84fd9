import { AppError } from '../errors';
import type { AppInstance } from './types';

/** The largest JSON body any route takes; routes that take more (uploads) say so themselves. */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export const bodyTooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit / (1024 * 1024)} MB.`);

/**
 * Refuses an oversized body from its declared length before routing, parsing or reading it,
 * on known and unknown routes alike; a body without a length is still cut at the parser.
 */
export function installBodyLimit(app: AppInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const length = Number(request.headers['content-length'] ?? 0);
    const limit = request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES;
    done(length > limit ? bodyTooLarge(limit) : undefined);
  });
}
