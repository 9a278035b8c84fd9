import type { Redis } from 'ioredis';

/**
 * Counts attempts per key in fixed windows that start at a key's first attempt. Unlike the
 * per-route limiter (@fastify/rate-limit) it counts only what its caller asks it to, so a route
 * can limit one costly check (a password) without limiting the route's other uses.
 */
export interface AttemptLimiter {
  /**
   * Counts an attempt against every key *before* the check it guards, so simultaneous attempts
   * cannot all slip through. Refused while any key is over the limit, with the seconds until
   * that key's window ends. `cost` is what the attempt counts for (bytes of a body; 1 by default).
   */
  take(
    keys: string[],
    cost?: number,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /** Gives an attempt (of `cost`) back: one that succeeded does not count against the keys. */
  giveBack(keys: string[], cost?: number): Promise<void>;
}

interface Count {
  count: number;
  resetInMs: number;
}

interface Counters {
  hit(key: string, cost: number): Promise<Count>;
  giveBack(key: string, cost: number): Promise<void>;
}

export interface AttemptLimiterOptions {
  max: number;
  windowMs: number;
  /** Shared counters for every server process; without it, counters live in this process. */
  redis?: Redis | undefined;
  /** While true, counting happens in memory without trying Redis (the outage is logged elsewhere). */
  isRedisDown?: () => boolean;
  keyPrefix: string;
  log: { warn(fields: object, message: string): void };
  now?: () => number;
}

export function createAttemptLimiter(options: AttemptLimiterOptions): AttemptLimiter {
  const memory = memoryCounters(options.windowMs, options.now ?? (() => Date.now()));
  const shared = options.redis
    ? redisCounters(options.redis, options.keyPrefix, options.windowMs)
    : undefined;

  // A Redis outage falls back to this process's counters rather than to no limit at all.
  async function withFallback<T>(use: (counters: Counters) => Promise<T>): Promise<T> {
    if (shared && !options.isRedisDown?.()) {
      try {
        return await use(shared);
      } catch (error) {
        // An outage is logged once, when it starts, by the connection watcher (RedisHealth),
        // whose events may come just after the commands in flight fail: only an unexpected
        // failure (a script error, say) is logged here.
        const watched = options.isRedisDown !== undefined;
        if (!options.isRedisDown?.() && !(watched && isConnectionFailure(error))) {
          options.log.warn({ err: error }, 'redis (attempt limit) failed: counting in memory');
        }
      }
    }
    return use(memory);
  }

  return {
    async take(keys, cost = 1) {
      const counts = await Promise.all(keys.map((key) => withFallback((c) => c.hit(key, cost))));
      const over = counts.filter((count) => count.count > options.max);
      if (over.length === 0) return { allowed: true };
      const waitMs = Math.max(...over.map((count) => count.resetInMs));
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async giveBack(keys, cost = 1) {
      await Promise.all(keys.map((key) => withFallback((c) => c.giveBack(key, cost))));
    },
  };
}

function memoryCounters(windowMs: number, now: () => number): Counters {
  const entries = new Map<string, { count: number; resetAt: number }>();
  let sweptAt = now();
  // Ended windows are dropped once per window, so the map holds at most two windows of keys.
  const sweep = (at: number) => {
    if (at - sweptAt < windowMs) return;
    sweptAt = at;
    for (const [key, entry] of entries) if (entry.resetAt <= at) entries.delete(key);
  };
  return {
    hit(key, cost) {
      const at = now();
      sweep(at);
      let entry = entries.get(key);
      if (!entry || entry.resetAt <= at) {
        entry = { count: 0, resetAt: at + windowMs };
        entries.set(key, entry);
      }
      entry.count += cost;
      return Promise.resolve({ count: entry.count, resetInMs: entry.resetAt - at });
    },
    giveBack(key, cost) {
      const entry = entries.get(key);
      if (entry && entry.resetAt > now()) entry.count = Math.max(0, entry.count - cost);
      return Promise.resolve();
    },
  };
}

// One round trip each, atomic on the server. A key that somehow lost its expiry gets one again.
const HIT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;
const GIVE_BACK = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then
  redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1])))
end
return 0`;

function redisCounters(redis: Redis, prefix: string, windowMs: number): Counters {
  return {
    async hit(key, cost) {
      const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs, cost)) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl };
    },
    async giveBack(key, cost) {
      await redis.eval(GIVE_BACK, 1, prefix + key, cost);
    },
  };
}

/** ioredis's errors for a connection that is gone or not answering (ECONNRESET, timeouts). */
function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true;
  return /connection is closed|command timed out|stream isn't writeable|reached the max retries/i.test(
    error.message,
  );
}
