import bcrypt from 'bcryptjs';
import { Redis } from 'ioredis';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../../app';
import { testConfig } from '../../config';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from '../../../test/databases';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../../../test/redis';
import { errorOf, PASSWORD, uniqueEmail, useTestApp } from '../../../test/test-app';
import { TOO_MANY_PASSWORD_ATTEMPTS, WRONG_CURRENT_PASSWORD } from './check-current-password';

const LIMIT = 3;
const NEW_PASSWORD = 'brand-new-pass-7';
type App = BuiltApp['app'];

interface Person {
  userId: number;
  email: string;
  token: string;
}

let addressCounter = 0;
/** A fresh client address, so the sign-up and sign-in limit (also LIMIT here) never interferes. */
const newAddress = () =>
  `10.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

async function person(app: App): Promise<Person> {
  const email = uniqueEmail('guess');
  const remoteAddress = newAddress();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    remoteAddress,
    payload: { email, password: PASSWORD, realName: 'Guess Target' },
  });
  expect(registered.statusCode).toBe(201);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    payload: { email, password: PASSWORD },
  });
  return {
    userId: registered.json<{ user: { id: number } }>().user.id,
    email,
    token: signedIn.json<{ accessToken: string }>().accessToken,
  };
}

const save = (app: App, who: Person, from: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/user/save',
    remoteAddress: from,
    headers: { authorization: `Bearer ${who.token}` },
    payload,
  });
const guess = (app: App, who: Person, from: string, n = 0) =>
  save(app, who, from, { currentPassword: `wrong-guess-${n}`, newPassword: NEW_PASSWORD });
const rightPassword = (app: App, who: Person, from: string) =>
  save(app, who, from, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });

function expectWrong(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(400);
  expect(errorOf(response).fields?.currentPassword).toBe(WRONG_CURRENT_PASSWORD);
}

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: { code: 'RATE_LIMITED', message: TOO_MANY_PASSWORD_ATTEMPTS },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

async function storedPasswordIs(app: { services: BuiltApp['services'] }, who: Person, pw: string) {
  const row = await app.services.db
    .selectFrom('users')
    .select('passwordHash')
    .where('id', '=', who.userId)
    .executeTakeFirstOrThrow();
  return bcrypt.compare(pw, row.passwordHash);
}

/** Simultaneous wrong guesses: each is counted before its bcrypt check, so only LIMIT run. */
async function expectSimultaneousGuessesCapped(apps: App[], who: Person) {
  const from = newAddress();
  const responses = await Promise.all(
    Array.from({ length: LIMIT + 4 }, (_, i) => guess(apps[i % apps.length]!, who, from, i)),
  );
  const statuses = responses.map((response) => response.statusCode).sort();
  expect(statuses).toEqual([...Array<number>(LIMIT).fill(400), ...Array<number>(4).fill(429)]);
}

describeEachDatabase('current-password attempts on /api/user/save', (kind) => {
  describe('counted in memory', () => {
    const t = useTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: LIMIT });
    const app = () => t.current.app;
    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers 429 with Retry-After after the allowed wrong passwords, refuses the right one until the window passes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const who = await person(app());
      const from = newAddress();
      for (let i = 0; i < LIMIT; i++) expectWrong(await guess(app(), who, from, i));
      expectLimited(await guess(app(), who, from));
      expectLimited(await rightPassword(app(), who, from));
      expect(await storedPasswordIs(t.current, who, PASSWORD)).toBe(true);
      // Only the password check is limited: other changes still save.
      expect((await save(app(), who, from, { realName: 'Still Editable' })).statusCode).toBe(200);

      vi.setSystemTime(Date.now() + 61_000);
      expect((await rightPassword(app(), who, from)).statusCode).toBe(200);
      expect(await storedPasswordIs(t.current, who, NEW_PASSWORD)).toBe(true);
    });

    it('counts per user: another address cannot go on guessing; another user is unaffected', async () => {
      const who = await person(app());
      const other = await person(app());
      const from = newAddress();
      for (let i = 0; i < LIMIT; i++) expectWrong(await guess(app(), who, from, i));
      expectLimited(await rightPassword(app(), who, newAddress()));
      // Positive control: another user's password check is untouched.
      expect((await rightPassword(app(), other, newAddress())).statusCode).toBe(200);
    });

    it('counts per address: guessing several accounts from one address is stopped', async () => {
      const first = await person(app());
      const second = await person(app());
      const from = newAddress();
      expectWrong(await guess(app(), first, from, 1));
      expectWrong(await guess(app(), first, from, 2));
      expectWrong(await guess(app(), second, from, 3));
      expectLimited(await guess(app(), second, from, 4));
      // Positive control: the first user has 2 wrong guesses of 3; from elsewhere they succeed.
      expect((await rightPassword(app(), first, newAddress())).statusCode).toBe(200);
    });

    it('does not count a correct password against the limit', async () => {
      const who = await person(app());
      const from = newAddress();
      for (let i = 0; i < LIMIT - 1; i++) expectWrong(await guess(app(), who, from, i));
      expect((await rightPassword(app(), who, from)).statusCode).toBe(200);
      expectWrong(await guess(app(), who, from, 9));
      expectLimited(await guess(app(), who, from, 10));
    });

    it('lets only the allowed number of simultaneous guesses reach the password check', async () => {
      await expectSimultaneousGuessesCapped([app()], await person(app()));
    });
  });

  describeWithRedis('counted in Redis, shared by two server processes', () => {
    const prefix = uniqueRedisPrefix();
    const apps: BuiltApp[] = [];
    let database: TestDatabase;
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      const config = testConfig({
        AUTH_RATE_LIMIT_PER_MINUTE: LIMIT,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
      });
      for (let i = 0; i < 2; i++) apps.push(await buildApp({ config, db: database.handle.db }));
      await redis.connect();
    });
    afterAll(async () => {
      for (const built of apps) await built.app.close();
      await database.dispose();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('counts wrong guesses made on either process together', async () => {
      const [first, second] = [apps[0]!.app, apps[1]!.app];
      const who = await person(first);
      const from = newAddress();
      expectWrong(await guess(first, who, from, 1));
      expectWrong(await guess(second, who, from, 2));
      expectWrong(await guess(first, who, from, 3));
      expectLimited(await guess(second, who, from, 4));
      expectLimited(await rightPassword(first, who, newAddress()));
      expect(await storedPasswordIs(apps[0]!, who, PASSWORD)).toBe(true);

      const ttl = await redis.pttl(`${prefix}password-attempts:user:${who.userId}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    });

    it('lets only the allowed number of simultaneous guesses through, across processes', async () => {
      await expectSimultaneousGuessesCapped(
        apps.map((built) => built.app),
        await person(apps[0]!.app),
      );
    });
  });
});
