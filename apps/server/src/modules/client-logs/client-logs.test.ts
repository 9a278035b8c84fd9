import { CLIENT_LOG_MESSAGES, type ClientLogRecord } from '@kindling/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, errorOf, signUp, useTestApp, type Account } from '../../../test/test-app';
import { TOO_MANY_ATTEMPTS } from '../auth/rate-limit';
import { pruneClientLogs, retentionCutoff, startClientLogPruner } from './prune-client-logs';

const record = (overrides: Partial<ClientLogRecord> = {}): ClientLogRecord => ({
  level: 'error',
  category: 'ui',
  message: 'Uncaught interface error',
  data: { path: '/admin/acme/campaigns', error: { name: 'TypeError', message: 'boom' } },
  time: '2026-11-26T13:00:00.000Z',
  url: 'http://localhost/admin/acme/campaigns',
  user_locale: 'en-GB',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
  device_pixel_ratio: 2,
  screen: { width: 1440, height: 900 },
  window: { width: 1280, height: 720 },
  ...overrides,
});

const RATE_LIMIT = 40;

describeEachDatabase('client logs (POST /api/logs)', (kind) => {
  const t = useTestApp(kind, {
    JOB_WORKER: false,
    GUEST_ACCESS: true,
    CLIENT_LOG_RATE_LIMIT_PER_MINUTE: RATE_LIMIT,
  });
  let account: Account;
  let sent = 0;

  const post = (payload: unknown, headers: Record<string, string> = {}) => {
    sent += 1;
    return t.current.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  };
  const stored = () =>
    t.current.services.db.selectFrom('clientLogs').selectAll().orderBy('id').execute();

  it('stores a batch with its page context and the signed-in user', async () => {
    account = await signUp(t.current.app);
    const response = await post(
      { records: [record(), record({ level: 'info', category: 'api', data: undefined })] },
      bearer(account),
    );
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
    const rows = await stored();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      level: 'error',
      category: 'ui',
      message: 'Uncaught interface error',
      data: record().data,
      url: 'http://localhost/admin/acme/campaigns',
      userLocale: 'en-GB',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      devicePixelRatio: 2,
      screenWidth: 1440,
      screenHeight: 900,
      windowWidth: 1280,
      windowHeight: 720,
      userId: account.userId,
      teamSlug: 'acme',
    });
    expect(new Date(rows[0]!.loggedAt).toISOString()).toBe('2026-11-26T13:00:00.000Z');
    expect(rows[1]).toMatchObject({ level: 'info', category: 'api', data: null });
  });

  it('takes text/plain as sendBeacon sends it, unsigned or with a dead token', async () => {
    await t.current.services.db.deleteFrom('clientLogs').execute();
    sent += 1;
    const plain = await t.current.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({
        records: [record({ url: 'http://localhost/admin/auth/sign-in' })],
      }),
    });
    expect(plain.statusCode, plain.body).toBe(202);
    const dead = await post({ records: [record()] }, { authorization: 'Bearer not-a-token' });
    expect(dead.statusCode, dead.body).toBe(202);
    const rows = await stored();
    expect(rows.map((row) => [row.userId, row.teamSlug])).toEqual([
      [null, null],
      [null, 'acme'],
    ]);
  });

  it("takes a guest's records (the guest guard lets this POST through)", async () => {
    await t.current.services.db.deleteFrom('clientLogs').execute();
    const guest = await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' });
    const { accessToken } = guest.json<{ accessToken: string }>();
    expect(
      t.current.routes.find((route) => route.url === '/api/logs' && route.method === 'POST')
        ?.access,
    ).toBe('read');
    const response = await post(
      { records: [record()] },
      { authorization: `Bearer ${accessToken}` },
    );
    expect(response.statusCode, response.body).toBe(202);
    expect((await stored())[0]?.userId).toEqual(expect.any(Number));
  });

  it('refuses a bad batch with 400 and a clear message, storing nothing', async () => {
    await t.current.services.db.deleteFrom('clientLogs').execute();
    const deep: Record<string, unknown> = {};
    let inner = deep;
    for (let i = 0; i < 11; i += 1) inner = inner.a = {};
    const cases: [unknown, string][] = [
      [{ records: Array.from({ length: 51 }, () => record()) }, CLIENT_LOG_MESSAGES.tooMany],
      [{ records: [record(), record({ message: 'x'.repeat(1001) })] }, CLIENT_LOG_MESSAGES.message],
      [{ records: [record(), { ...record(), level: 'fatal' }] }, CLIENT_LOG_MESSAGES.level],
      [{ records: [record({ data: deep })] }, CLIENT_LOG_MESSAGES.depth],
      [{ records: [] }, CLIENT_LOG_MESSAGES.empty],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(JSON.stringify(errorOf(response))).toContain(message);
    }
    sent += 1;
    const notJson = await t.current.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'text/plain' },
      payload: 'records: oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(errorOf(notJson).message).toBe(CLIENT_LOG_MESSAGES.notJson);
    expect(await stored()).toEqual([]);
  });

  it('refuses a body over 512 KB before reading it', async () => {
    const big = {
      records: [record({ data: Array.from({ length: 600 }, () => 'x'.repeat(1000)) })],
    };
    // Refused before the rate limit counts it.
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(big),
    });
    expect(response.statusCode).toBe(413);
    expect(await stored()).toEqual([]);
  });

  it('keeps records for the retention only: older ones are deleted, newer ones stay', async () => {
    const { db } = t.current.services;
    await db.deleteFrom('clientLogs').execute();
    for (const days of [30, 15, 13, 0]) {
      const response = await post({ records: [record({ message: `${days} days old` })] });
      expect(response.statusCode).toBe(202);
      await db
        .updateTable('clientLogs')
        .set({ receivedAt: sql<Date>`now() - make_interval(days => ${days})` })
        .where('message', '=', `${days} days old`)
        .execute();
    }
    const deleted = await pruneClientLogs({ db }, { before: retentionCutoff(14) });
    expect(deleted).toBe(2);
    expect((await stored()).map((row) => row.message)).toEqual(['13 days old', '0 days old']);
    expect(await pruneClientLogs({ db }, { before: retentionCutoff(14) })).toBe(0);
  });

  it('prunes as soon as the pruner starts, and stops when asked', async () => {
    const { db } = t.current.services;
    await db.deleteFrom('clientLogs').execute();
    expect((await post({ records: [record({ message: 'old' }), record()] })).statusCode).toBe(202);
    await db
      .updateTable('clientLogs')
      .set({ receivedAt: sql<Date>`now() - interval '20 days'` })
      .where('message', '=', 'old')
      .execute();
    const pruner = startClientLogPruner({ db, log: t.current.app.log, retentionDays: 14 });
    // stop() waits for the round that started with it.
    await pruner.stop();
    expect((await stored()).map((row) => row.message)).toEqual([record().message]);
  });

  it('limits batches per client address per minute', async () => {
    const before = (await stored()).length;
    let accepted = 0;
    let answer = await post({ records: [record()] });
    while (answer.statusCode === 202 && sent <= RATE_LIMIT) {
      accepted += 1;
      answer = await post({ records: [record()] });
    }
    // Every request counts, refused batches too: the limit is on requests, not on records.
    expect(answer.statusCode).toBe(429);
    expect(errorOf(answer).message).toBe(TOO_MANY_ATTEMPTS);
    expect(sent).toBe(RATE_LIMIT + 1);
    expect(await stored()).toHaveLength(before + accepted);
  });

  it('tells the browser where logs go and which categories (GET /api/client-config)', async () => {
    const response = await t.current.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      logs: { endpoint: '/api/logs', allow: ['*'], deny: [] },
      feedback: null,
      pagesOrigin: null,
    });
  });
});

describe('client logs sent to another collector (LOG_COLLECTOR_URL)', () => {
  const t = useTestApp('pglite', {
    JOB_WORKER: false,
    LOG_COLLECTOR_URL: 'https://logs.example/ingest',
    CLIENT_LOG_CATEGORIES_DENY: ['api', 'auth'],
    PUBLIC_URL: 'http://localhost:3000/',
  });

  it('tells the browser the collector and the lists, and lets the page connect there', async () => {
    const response = await t.current.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json()).toEqual({
      logs: { endpoint: 'https://logs.example/ingest', allow: ['*'], deny: ['api', 'auth'] },
      feedback: null,
      // Where the app's own published pages are: the campaign rules accept them (issue 18).
      pagesOrigin: 'http://localhost:3000',
    });
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://logs.example;",
    );
  });
});

describeEachDatabase(
  'client logs: bounded by their total size (CLIENT_LOG_MAX_TOTAL_BYTES)',
  (kind) => {
    const CAP = 40_000;
    const t = useTestApp(kind, {
      JOB_WORKER: false,
      CLIENT_LOG_MAX_TOTAL_BYTES: CAP,
      CLIENT_LOG_RATE_LIMIT_PER_MINUTE: 10_000,
      CLIENT_LOG_BYTES_PER_MINUTE: 10_000_000,
      CLIENT_LOG_BYTES_PER_HOUR: 10_000_000,
    });
    const post = (records: ClientLogRecord[]) =>
      t.current.app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ records }),
      });
    const batch = (n: number) =>
      Array.from({ length: 5 }, (_, i) =>
        record({ message: `batch ${n} record ${i} ${'x'.repeat(900)}` }),
      );
    const rows = () =>
      t.current.services.db
        .selectFrom('clientLogs')
        .select(['message', 'sizeBytes'])
        .orderBy('id')
        .execute();
    const usage = async () =>
      Number(
        (
          await t.current.services.db
            .selectFrom('clientLogUsage')
            .select('bytes')
            .executeTakeFirstOrThrow()
        ).bytes,
      );
    const total = (stored: { sizeBytes: number }[]) =>
      stored.reduce((sum, row) => sum + row.sizeBytes, 0);

    it('keeps the newest records within the bound, the oldest deleted to make room', async () => {
      const BATCHES = 20;
      for (let n = 0; n < BATCHES; n += 1) {
        const response = await post(batch(n));
        expect(response.statusCode, response.body).toBe(202);
        expect(response.json()).toEqual({ accepted: 5 });
        const stored = await rows();
        expect(total(stored)).toBeLessThanOrEqual(CAP);
        expect(await usage()).toBe(total(stored));
      }
      const stored = await rows();
      const messages = stored.map((row) => row.message.split(' x')[0]);
      // Far more was sent than the bound holds: the oldest went, the newest batch is whole.
      expect(total(stored)).toBeGreaterThan(CAP - 6_000);
      expect(messages).not.toContain('batch 0 record 0');
      expect(messages.slice(-5)).toEqual(
        Array.from({ length: 5 }, (_, i) => `batch ${BATCHES - 1} record ${i}`),
      );
      // What is left is the newest records, in order, with no gap.
      const sent = Array.from({ length: BATCHES }, (_, n) =>
        Array.from({ length: 5 }, (_, i) => `batch ${n} record ${i}`),
      ).flat();
      expect(messages).toEqual(sent.slice(sent.length - messages.length));
    });

    it('takes batches sent at once, with a prune running, without a deadlock', async () => {
      const { db } = t.current.services;
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, (_, n) => post(batch(50 + n))),
        pruneClientLogs({ db }, { before: new Date() }).then(() => null),
      ]);
      for (const answer of answers) if (answer) expect(answer.statusCode, answer.body).toBe(202);
      const stored = await rows();
      expect(total(stored)).toBeLessThanOrEqual(CAP);
      expect(await usage()).toBe(total(stored));
    });

    it('keeps the total exact through the retention prune and deletes made by hand', async () => {
      const { db } = t.current.services;
      expect((await post(batch(100))).statusCode).toBe(202);
      await db
        .updateTable('clientLogs')
        .set({ receivedAt: sql<Date>`now() - interval '20 days'` })
        .where('message', 'like', 'batch 100 %')
        .execute();
      expect(await pruneClientLogs({ db }, { before: retentionCutoff(14) })).toBe(5);
      expect(await usage()).toBe(total(await rows()));
      await db.deleteFrom('clientLogs').where('message', 'like', 'batch 19 %').execute();
      expect(await usage()).toBe(total(await rows()));
      await db.deleteFrom('clientLogs').execute();
      expect(await usage()).toBe(0);
    });
  },
);
