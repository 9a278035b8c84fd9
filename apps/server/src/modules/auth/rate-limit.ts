import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { installByteBudgets } from '../../http/byte-budget';
import type { AppInstance } from '../../http/types';
import { REDIS_COMMAND_TIMEOUT_MS, type RedisHealth } from '../../redis/redis-health';
import { createAttemptLimiter, type AttemptLimiter } from '../../security/attempt-limiter';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';

/**
 * Registers the rate limiter (off by default; routes opt in with `authRateLimit`). Counters live
 * in memory, or in Redis when REDIS_URL is set so that every server process shares them.
 * A Redis outage lets requests through (logged once, by `health`) rather than locking everyone
 * out; without an offline queue, a check fails at once while Redis is down instead of waiting.
 * Routes with `config.byteBudget` also count their body bytes, with attempt limiters.
 * Answers a maker of attempt limiters that share its Redis connection (closed with the app).
 */
export async function installRateLimit(
  app: AppInstance,
  config: Config,
  health: RedisHealth,
): Promise<AttemptLimiters> {
  const redis = config.REDIS_URL
    ? health.open(config.REDIS_URL, 'rate limits', {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;
  if (redis) {
    // Commands fail fast while disconnected (no offline queue), so give the first connection a
    // moment at start: otherwise the first attempts after a boot would go uncounted.
    await waitUntilReady(redis, REDIS_START_WAIT_MS);
    app.addHook('onClose', () => health.close(redis));
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:` } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS),
  });
  const attemptLimiter: AttemptLimiters['attemptLimiter'] = ({ name, max, windowMs }) =>
    createAttemptLimiter({
      max,
      windowMs,
      redis,
      isRedisDown: () => redis !== undefined && health.isDown(redis),
      keyPrefix: `${config.REDIS_KEY_PREFIX}${name}:`,
      log: app.log,
    });
  installByteBudgets(app, attemptLimiter);
  return { attemptLimiter };
}

export interface AttemptLimiters {
  /** Counters in Redis under `{REDIS_KEY_PREFIX}{name}:`, in memory without REDIS_URL. */
  attemptLimiter(options: { name: string; max: number; windowMs: number }): AttemptLimiter;
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
