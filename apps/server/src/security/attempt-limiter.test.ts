import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/redis';
import { createAttemptLimiter, type AttemptLimiterOptions } from './attempt-limiter';

const quietLog = { warn: vi.fn() };

function limiter(overrides: Partial<AttemptLimiterOptions> = {}) {
  return createAttemptLimiter({
    max: 2,
    windowMs: 60_000,
    keyPrefix: 'test:',
    log: quietLog,
    ...overrides,
  });
}

/** A connection that fails every command at once, as a Redis that just went away does. */
function unreachableRedis() {
  const redis = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  return redis;
}

describe('attempt limiter, in memory', () => {
  it('refuses past the limit until the window that began at the first attempt ends', async () => {
    let now = 1_000_000;
    const attempts = limiter({ now: () => now });
    expect(await attempts.take(['a'])).toEqual({ allowed: true });
    now += 20_000;
    expect(await attempts.take(['a'])).toEqual({ allowed: true });
    expect(await attempts.take(['a'])).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await attempts.take(['b'])).toEqual({ allowed: true });
    now += 40_000;
    expect(await attempts.take(['a'])).toEqual({ allowed: true });
  });

  it('is refused when any one of the keys is over the limit', async () => {
    const attempts = limiter();
    await attempts.take(['user:1', 'address:x']);
    await attempts.take(['user:1', 'address:x']);
    expect((await attempts.take(['user:2', 'address:x'])).allowed).toBe(false);
    expect((await attempts.take(['user:2', 'address:y'])).allowed).toBe(true);
  });

  it('gives an attempt back; giving back an unknown key does nothing', async () => {
    const attempts = limiter();
    await attempts.giveBack(['a']);
    await attempts.take(['a']);
    await attempts.take(['a']);
    await attempts.giveBack(['a']);
    expect((await attempts.take(['a'])).allowed).toBe(true);
    expect((await attempts.take(['a'])).allowed).toBe(false);
  });
});

describeWithRedis('attempt limiter', () => {
  const prefix = uniqueRedisPrefix();
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('shares counters between limiters and lets the key expire with its window', async () => {
    const options = { redis, keyPrefix: prefix, windowMs: 400 };
    const [one, two] = [limiter(options), limiter(options)];
    expect((await one.take(['k'])).allowed).toBe(true);
    expect((await two.take(['k'])).allowed).toBe(true);
    expect(await one.take(['k'])).toEqual({ allowed: false, retryAfterSeconds: 1 });
    const ttl = await redis.pttl(`${prefix}k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await two.take(['k'])).allowed).toBe(true);
  });

  it('gives back on the shared counter, keeping its expiry', async () => {
    const attempts = limiter({ redis, keyPrefix: prefix });
    await attempts.take(['g']);
    await attempts.take(['g']);
    await attempts.giveBack(['g']);
    expect(await redis.get(`${prefix}g`)).toBe('1');
    expect(await redis.pttl(`${prefix}g`)).toBeGreaterThan(0);
    await attempts.giveBack(['missing']);
    expect(await redis.exists(`${prefix}missing`)).toBe(0);
  });
});

describe('attempt limiter with Redis down', () => {
  it('keeps limiting with this process’s counters, and says so in the log', async () => {
    const redis = unreachableRedis();
    const log = { warn: vi.fn() };
    const attempts = limiter({ redis, log });
    expect((await attempts.take(['a'])).allowed).toBe(true);
    expect((await attempts.take(['a'])).allowed).toBe(true);
    expect((await attempts.take(['a'])).allowed).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) as unknown }),
      'redis (attempt limit) failed: counting in memory',
    );
    redis.disconnect();
  });

  it('leaves a lost connection to the watcher that logs the outage once', async () => {
    const redis = unreachableRedis();
    const log = { warn: vi.fn() };
    // The watcher has not seen the outage yet: the command in flight fails first.
    const attempts = limiter({ redis, log, isRedisDown: () => false });
    expect((await attempts.take(['a'])).allowed).toBe(true);
    expect((await attempts.take(['a'])).allowed).toBe(true);
    expect((await attempts.take(['a'])).allowed).toBe(false);
    expect(log.warn).not.toHaveBeenCalled();
    redis.disconnect();
  });

  it('counts in memory without trying Redis or logging while the outage is known', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true });
    const evalSpy = vi.spyOn(redis, 'eval');
    const log = { warn: vi.fn() };
    const attempts = limiter({ redis, log, isRedisDown: () => true });
    expect((await attempts.take(['a'])).allowed).toBe(true);
    await attempts.giveBack(['a']);
    expect((await attempts.take(['a'])).allowed).toBe(true);
    expect((await attempts.take(['a'])).allowed).toBe(true);
    expect((await attempts.take(['a'])).allowed).toBe(false);
    expect(evalSpy).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
    redis.disconnect();
  });
});
