import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe } from 'vitest';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUIRE_REDIS = process.env.REQUIRE_REDIS === '1';

async function redisProblem(): Promise<string | undefined> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

const problem = await redisProblem();
if (problem && REQUIRE_REDIS) {
  throw new Error(`REQUIRE_REDIS=1 but Redis at ${TEST_REDIS_URL} is not reachable: ${problem}`);
}
if (problem) {
  console.warn(
    `\n[kindling] Redis at ${TEST_REDIS_URL} is not reachable (${problem}).\n` +
      '[kindling] Redis suites are SKIPPED. Set TEST_REDIS_URL, or REQUIRE_REDIS=1 to fail instead.\n',
  );
}

/** A key prefix no other test run uses, so suites never see each other's keys. */
export const uniqueRedisPrefix = () => `kindling-test-${randomBytes(5).toString('hex')}:`;

/** Runs the suite against the Redis server; skipped (loudly) only when it is unreachable. */
export function describeWithRedis(name: string, suite: () => void): void {
  if (problem) describe.skip(`${name} [redis: skipped, server not reachable]`, suite);
  else describe(`${name} [redis]`, suite);
}
