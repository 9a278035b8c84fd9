import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app';
import { testConfig, type Config } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { openMigratedPglite } from '../../../test/migrated-pglite';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/redis';
import { errorOf } from '../../../test/test-app';

const attempt = (app: BuiltApp['app'], remoteAddress = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
  });

// One database for every app in this file: rate-limit counters live in each app's memory store
// or in Redis, never in the database, so separate apps still count separately unless Redis joins them.
let shared: DatabaseHandle | undefined;
const sharedDatabase = async () => (shared ??= await openMigratedPglite());
afterAll(async () => {
  await shared?.close();
});

function useApps(count: number, overrides: () => Partial<Config>) {
  const apps: BuiltApp[] = [];
  beforeAll(async () => {
    const config = testConfig({ AUTH_RATE_LIMIT_PER_MINUTE: 3, ...overrides() });
    const database = await sharedDatabase();
    for (let i = 0; i < count; i++) apps.push(await buildApp({ config, db: database.db }));
  });
  afterAll(async () => {
    for (const built of apps) await built.app.close();
  });
  return apps;
}

describe('auth rate limit, in memory', () => {
  const apps = useApps(1, () => ({}));

  it('answers 429 RATE_LIMITED after the allowed attempts, per client address', async () => {
    const app = apps[0]!.app;
    for (let i = 0; i < 3; i++) expect((await attempt(app)).statusCode).toBe(401);
    const refused = await attempt(app);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    // Positive control: another address is not affected.
    expect((await attempt(app, '198.51.100.9')).statusCode).toBe(401);
  });

  it('applies to sign-up too, and leaves other routes alone', async () => {
    const app = apps[0]!.app;
    const register = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/user/register',
        remoteAddress: '192.0.2.44',
        payload: { email: `limited-${i}@example.com`, password: 'limited-pass-1', realName: 'L' },
      });
    for (let i = 0; i < 3; i++) expect((await register(i)).statusCode).toBe(201);
    expect((await register(3)).statusCode).toBe(429);
    const policy = await app.inject({
      method: 'GET',
      url: '/api/user/validate-password?password=x',
      remoteAddress: '192.0.2.44',
    });
    expect(policy.statusCode).toBe(200);
  });
});

describeWithRedis('auth rate limit shared through Redis', () => {
  const prefix = uniqueRedisPrefix();
  const apps = useApps(2, () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix }));

  it('counts attempts made on two server instances together', async () => {
    const [first, second] = [apps[0]!.app, apps[1]!.app];
    expect((await attempt(first)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(401);
    expect((await attempt(first)).statusCode).toBe(401);
    expect((await attempt(second)).statusCode).toBe(429);
    expect((await attempt(first)).statusCode).toBe(429);
  });
});

describe('auth rate limit with Redis down', () => {
  const apps = useApps(1, () => ({ REDIS_URL: 'redis://127.0.0.1:1' }));

  it('lets requests through instead of locking everyone out', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(apps[0]!.app)).statusCode).toBe(401);
  });
});
