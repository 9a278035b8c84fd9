import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { AppInstance } from '../../http/types';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/**
 * Registers the rate limiter (off by default; routes opt in with `authRateLimit`). Counters live
 * in memory, or in Redis when REDIS_URL is set so that every server process shares them.
 * A Redis outage lets requests through (logged) rather than locking everyone out.
 */
export async function installRateLimit(app: AppInstance, config: Config): Promise<void> {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis (rate limit) unavailable'));
    // Commands fail fast while disconnected (no offline queue), so give the first connection a
    // moment at start: otherwise the first attempts after a boot would go uncounted.
    await waitUntilReady(redis, REDIS_START_WAIT_MS);
    app.addHook('onClose', async () => {
      // quit() on a connection that never came up waits for reconnect attempts; cut it instead.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:` } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS),
  });
}

const REDIS_START_WAIT_MS = 2000;

function waitUntilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
  });
}

export function authRateLimit(config: Config) {
  return { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } };
}

export interface KeyedLimit {
  /** Names the counter, so two limits never share one. */
  name: string;
  max: number;
  timeWindowMs: number;
  message?: string;
}

/**
 * A limit on something other than the client address (an e-mail address, a user), checked in the
 * handler once the body is validated: `await limit(request, key)`. The route's own `rateLimit`
 * config counts client addresses. Same store (memory or Redis) and the same 429 answer as the
 * others; `installRateLimit` must have run.
 */
export function createRateLimit(
  app: AppInstance,
  { name, max, timeWindowMs, message = TOO_MANY_ATTEMPTS }: KeyedLimit,
): (request: FastifyRequest, key: string) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? request.ip}`,
  });
  return async (request, key) => {
    keys.set(request, key);
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', message);
  };
}
