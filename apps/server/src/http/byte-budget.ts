import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyRequest, onRequestHookHandler, preParsingHookHandler } from 'fastify';
import { formatSize } from '../egress/read-body';
import { RateLimitedError } from '../errors';
import type { AttemptLimiter } from '../security/attempt-limiter';
import type { AppInstance } from './types';

export interface ByteWindow {
  bytes: number;
  windowMs: number;
}

/** Body bytes one client address may send a route in each window. */
export interface ByteBudget {
  /** Names the counters, `{REDIS_KEY_PREFIX}bytes:{name}:{windowMs}:{address}` in Redis. */
  name: string;
  windows: ByteWindow[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Past any window's bytes from one client address, the route answers 429 (issue 34). */
    byteBudget?: ByteBudget;
  }
}

export const tooMuchData = (window: ByteWindow, retryAfterSeconds: number) =>
  new RateLimitedError(
    `This address sent more than ${formatSize(window.bytes)} in ${windowName(window.windowMs)}. ` +
      `Please try again in ${retryAfterSeconds} s.`,
    retryAfterSeconds,
  );

const windowName = (ms: number) =>
  ms === 60_000 ? 'a minute' : ms === 3_600_000 ? 'an hour' : `${Math.round(ms / 1000)} s`;

type MakeLimiter = (options: { name: string; max: number; windowMs: number }) => AttemptLimiter;

/**
 * Routes with `config.byteBudget` count the bytes of their bodies per client address, next to
 * the requests @fastify/rate-limit counts: a few large bodies cost as much as many small ones.
 * A declared length is charged before the body is read, and a body that would not fit is
 * refused unread (and charged nothing); a body sent without a length is counted as it arrives
 * and charged once read. Counters are the attempt limiter's: shared in Redis with REDIS_URL,
 * in this process's memory while Redis is down.
 */
export function installByteBudgets(app: AppInstance, makeLimiter: MakeLimiter): void {
  app.addHook('onRoute', (route) => {
    const budget = route.config?.byteBudget;
    if (!budget) return;
    const limiters = budget.windows.map((window) => ({
      window,
      limiter: makeLimiter({
        name: `bytes:${budget.name}:${window.windowMs}`,
        max: window.bytes,
        windowMs: window.windowMs,
      }),
    }));
    const charge = async (request: FastifyRequest, bytes: number, unread: boolean) => {
      if (bytes <= 0) return;
      const keys = [request.ip];
      const answers = await Promise.all(limiters.map(({ limiter }) => limiter.take(keys, bytes)));
      const refused = answers.flatMap((answer, index) =>
        answer.allowed ? [] : [{ ...answer, window: limiters[index]!.window }],
      );
      if (refused.length === 0) return;
      // Bytes never read cost the server nothing: a smaller body may still fit.
      if (unread) await Promise.all(limiters.map(({ limiter }) => limiter.giveBack(keys, bytes)));
      const longest = refused.reduce((a, b) => (b.retryAfterSeconds > a.retryAfterSeconds ? b : a));
      throw tooMuchData(longest.window, longest.retryAfterSeconds);
    };
    const chargeDeclared: onRequestHookHandler = (request, _reply, done) => {
      const declared = request.headers['content-length'];
      if (declared === undefined) return done();
      charge(request, Number(declared), true).then(() => done(), done);
    };
    const countUndeclared: preParsingHookHandler = (request, _reply, payload, done) => {
      if (request.headers['content-length'] !== undefined) return done(null, payload);
      done(
        null,
        countBytes(payload, (bytes) => charge(request, bytes, false)),
      );
    };
    // After the hooks already there: a request @fastify/rate-limit refuses is not charged.
    route.onRequest = [...asArray(route.onRequest), chargeDeclared];
    route.preParsing = [...asArray(route.preParsing), countUndeclared];
  });
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The body passed through as it arrives, its bytes counted; at its end `charge` runs, and its
 * refusal fails the body. A body cut short (over the route's limit, or the client gone) is
 * charged what arrived, without waiting.
 */
function countBytes(payload: Readable, charge: (bytes: number) => Promise<void>): Readable {
  let bytes = 0;
  let charged = false;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      charged = true;
      charge(bytes).then(() => callback(), callback);
    },
    destroy(error, callback) {
      if (!charged) void charge(bytes).catch(() => undefined);
      charged = true;
      callback(error);
    },
  });
  pipeline(payload, counted, () => undefined);
  return counted;
}
