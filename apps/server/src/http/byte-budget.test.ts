import { randomUUID } from 'node:crypto';
import type { ClientLogRecord } from '@kindling/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { testConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { describeEachDatabase } from '../../test/databases';
import { openMigratedPglite } from '../../test/migrated-pglite';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../test/redis';
import { errorOf, useTestApp } from '../../test/test-app';

// Issue 34: the public routes count body bytes per client address as well as requests. Bodies
// here are built to a known size; the budgets are a few of them.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const BODY_BYTES = 6_000;
/** Three bodies fit, a fourth does not; a small one still fits after the third. */
const BUDGET = 20_000;

/** Pads `make(padding)` to exactly `bytes` of JSON. */
function sized(bytes: number, make: (padding: string) => unknown): string {
  const bare = JSON.stringify(make('')).length;
  const body = JSON.stringify(make('p'.repeat(bytes - bare)));
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

/**
 * Four preview events, the padding shared among their urls (each within 2048 characters): they
 * pass the contract and are dropped before storage, so no campaign is needed.
 */
const collectBody = (bytes: number) =>
  sized(bytes, (padding) => {
    const share = Math.ceil(padding.length / 4);
    return {
      events: Array.from({ length: 4 }, (_, i) => ({
        id: randomUUID(),
        type: 'goal',
        goalId: 1,
        campaignId: 1,
        visitorId: 'v1',
        sessionId: 's1',
        ts: Date.now(),
        url: `https://shop.example/${padding.slice(i * share, (i + 1) * share)}`,
        preview: true,
      })),
    };
  });

const logRecord = (message: string): ClientLogRecord => ({
  level: 'error',
  category: 'ui',
  message,
  time: '2026-11-26T13:00:00.000Z',
  url: 'http://localhost/admin/acme/campaigns',
  user_locale: 'en-GB',
  user_agent: BROWSER,
  device_pixel_ratio: 2,
  screen: { width: 1440, height: 900 },
  window: { width: 1280, height: 720 },
});
/** Six records, the padding shared among their messages (each at most 1000 characters). */
const logBody = (bytes: number) =>
  sized(bytes, (padding) => {
    const share = Math.ceil(padding.length / 6);
    return {
      records: Array.from({ length: 6 }, (_, i) =>
        logRecord(padding.slice(i * share, (i + 1) * share)),
      ),
    };
  });

type App = BuiltApp['app'];
const post = (
  app: App,
  url: string,
  { body, ip, chunked = false }: { body: string; ip: string; chunked?: boolean },
) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: {
      'user-agent': BROWSER,
      'content-type': 'text/plain',
      ...(chunked ? { 'transfer-encoding': 'chunked' } : {}),
    },
    payload: body,
  });

const BUDGETS: Partial<Config> = {
  JOB_WORKER: false,
  COLLECT_RATE_LIMIT_PER_MINUTE: 10_000,
  COLLECT_BYTES_PER_MINUTE: BUDGET,
  CLIENT_LOG_RATE_LIMIT_PER_MINUTE: 10_000,
  CLIENT_LOG_BYTES_PER_MINUTE: 1_000_000,
  // The hour's budget is the smaller here, so that it is the one reached.
  CLIENT_LOG_BYTES_PER_HOUR: BUDGET,
  PAGE_SIGNUP_RATE_LIMIT_PER_MINUTE: 10_000,
};

describeEachDatabase('byte budgets of the public routes', (kind) => {
  const t = useTestApp(kind, BUDGETS);

  it('refuses /api/collect with 429 past its bytes a minute, unread, per address', async () => {
    const { app } = t.current;
    const body = collectBody(BODY_BYTES);
    for (let i = 0; i < 3; i += 1) {
      expect((await post(app, '/api/collect', { body, ip: '203.0.113.1' })).statusCode).toBe(202);
    }
    const refused = await post(app, '/api/collect', { body, ip: '203.0.113.1' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^This address sent more than 19\.5 KB in a minute\. Please try again in \d+ s\.$/,
      ) as unknown,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The refused body was not read and costs nothing: a small batch still fits the minute.
    const small = await post(app, '/api/collect', { body: collectBody(1500), ip: '203.0.113.1' });
    expect(small.statusCode).toBe(202);
    // Positive control: another address has its own budget.
    expect((await post(app, '/api/collect', { body, ip: '203.0.113.2' })).statusCode).toBe(202);
  });

  it('counts a body sent without a length as it arrives', async () => {
    const { app } = t.current;
    const body = collectBody(BODY_BYTES);
    const send = () => post(app, '/api/collect', { body, ip: '203.0.113.3', chunked: true });
    for (let i = 0; i < 3; i += 1) expect((await send()).statusCode).toBe(202);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('RATE_LIMITED');
  });

  it('refuses /api/logs past its bytes an hour, storing nothing of what it refused', async () => {
    const { app, services } = t.current;
    const count = async () =>
      Number(
        (
          await services.db
            .selectFrom('clientLogs')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const body = logBody(BODY_BYTES);
    for (let i = 0; i < 3; i += 1) {
      const answer = await post(app, '/api/logs', { body, ip: '203.0.113.4' });
      expect(answer.statusCode, answer.body).toBe(202);
    }
    const refused = await post(app, '/api/logs', { body, ip: '203.0.113.4' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toMatch(/more than 19\.5 KB in an hour/);
    expect(await count()).toBe(before + 3 * 6);
    // Positive control: another address is not affected.
    expect((await post(app, '/api/logs', { body, ip: '203.0.113.5' })).statusCode).toBe(202);
  });

  it('counts sign-up bytes too: four of the largest bodies a minute', async () => {
    const { app } = t.current;
    const body = sized(4000, (padding) => ({ email: 'a@example.com', website: padding }));
    const signup = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/p/nobody/nothing/signup',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
    // A honeypot longer than the contract takes: refused, but the bytes were sent all the same.
    for (let i = 0; i < 4; i += 1) expect((await signup('203.0.113.6')).statusCode).toBe(400);
    expect((await signup('203.0.113.6')).statusCode).toBe(429);
    expect((await signup('203.0.113.7')).statusCode).toBe(400);
  });
});

// One database for the apps below: byte counters live in memory or in Redis, never in it.
let shared: DatabaseHandle | undefined;
const sharedDatabase = async () => (shared ??= await openMigratedPglite());
afterAll(async () => {
  await shared?.close();
});

function useApps(count: number, overrides: () => Partial<Config>) {
  const apps: BuiltApp[] = [];
  beforeAll(async () => {
    const config = testConfig({ ...BUDGETS, ...overrides() });
    const database = await sharedDatabase();
    for (let i = 0; i < count; i++) apps.push(await buildApp({ config, db: database.db }));
  });
  afterAll(async () => {
    for (const built of apps) await built.app.close();
  });
  return apps;
}

describeWithRedis('byte budgets shared through Redis', () => {
  const apps = useApps(2, () => ({
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: uniqueRedisPrefix(),
  }));

  it('counts bytes sent to two server instances together', async () => {
    const [first, second] = [apps[0]!.app, apps[1]!.app];
    const body = collectBody(BODY_BYTES);
    const ip = '198.51.100.1';
    expect((await post(first, '/api/collect', { body, ip })).statusCode).toBe(202);
    expect((await post(second, '/api/collect', { body, ip })).statusCode).toBe(202);
    expect((await post(first, '/api/collect', { body, ip })).statusCode).toBe(202);
    expect((await post(second, '/api/collect', { body, ip })).statusCode).toBe(429);
    expect((await post(first, '/api/collect', { body, ip })).statusCode).toBe(429);
    expect((await post(second, '/api/collect', { body, ip: '198.51.100.2' })).statusCode).toBe(202);
  });
});

describe('byte budgets with Redis down', () => {
  const apps = useApps(1, () => ({ REDIS_URL: 'redis://127.0.0.1:1' }));

  it('counts in this process instead of letting every body through', async () => {
    const app = apps[0]!.app;
    const body = collectBody(BODY_BYTES);
    const ip = '198.51.100.3';
    for (let i = 0; i < 3; i += 1) {
      expect((await post(app, '/api/collect', { body, ip })).statusCode).toBe(202);
    }
    expect((await post(app, '/api/collect', { body, ip })).statusCode).toBe(429);
  });
});
