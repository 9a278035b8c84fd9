import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { createTokenService } from '../src/modules/auth/tokens';
import { MemoryBus } from '../src/realtime/memory-bus';
import {
  closeCodeOf,
  connect,
  follow,
  jobName,
  listenForRealtime,
  teamJobChannels,
  type Follower,
} from './realtime-helpers';
import { bearer, signUp, useTestApp, type Account } from './test-app';

const FORBIDDEN = 4403;

// The database side of authentication is covered against PGlite and PostgreSQL in auth.test.ts;
// here one PGlite is enough to exercise the WebSocket protocol.
describe('real-time channel [pglite, memory bus]', () => {
  const built = useTestApp('pglite');
  let url: string;
  let bus: MemoryBus;
  /** Signed in for the whole suite; tests that sign out use accounts of their own. */
  let account: Account;
  let newJob: () => Promise<string>;
  beforeAll(async () => {
    url = await listenForRealtime(built.current.app);
    account = await signUp(built.current.app);
    ({ newJob } = await teamJobChannels(built.current, account));
    const { bus: appBus } = built.current.services;
    if (!(appBus instanceof MemoryBus)) throw new Error('expected the in-memory bus by default');
    bus = appBus;
  });

  const live = (name: string, count = 1) =>
    vi.waitFor(() => expect(bus.subscriberCount(name)).toBe(count), {
      interval: 5,
      timeout: 10_000,
    });

  async function received(follower: Follower, count = 1) {
    await vi.waitFor(() => expect(follower.messages()).toHaveLength(count), {
      interval: 5,
      timeout: 10_000,
    });
    return follower.messages();
  }

  it('delivers a message published on job-{id} to a signed-in subscriber as {name, data}', async () => {
    const client = connect(url, account.token);
    const name = await newJob();
    const follower = follow(client, name);
    await live(name);

    await bus.publish(name, { type: 'result', data: { thumbnailSmall: '/s.png' } });
    expect(await received(follower)).toEqual([
      { name, data: '{"type":"result","data":{"thumbnailSmall":"/s.png"}}' },
    ]);
    await client.dispose();
  });

  describe('refuses the connection (4403 Forbidden) without a good token of a live session', () => {
    async function expectRefused(params?: string | Record<string, unknown>) {
      const client = connect(url, params);
      const name = jobName();
      const { error } = await follow(client, name).ended;
      expect(closeCodeOf(error)).toBe(FORBIDDEN);
      expect(bus.subscriberCount(name)).toBe(0);
      await client.dispose();
    }

    it('accepts the account’s own token (positive control)', async () => {
      const client = connect(url, account.token);
      const name = await newJob();
      follow(client, name);
      await live(name);
      await client.dispose();
    });

    it('no token', () => expectRefused());
    it('not a bearer header', () => expectRefused({ authorization: `Basic ${account.token}` }));
    it('a malformed token', () => expectRefused('not-a-jwt'));

    it('a token signed with another secret', async () => {
      const forged = await createTokenService('f'.repeat(40)).issue(
        { userId: account.userId, email: account.email, realName: 'Ada', sessionId: randomUUID() },
        'refresh',
      );
      await expectRefused(forged.accessToken);
    });

    it('a token whose session was signed out', async () => {
      const signedOut = await signUp(built.current.app);
      const response = await built.current.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: bearer(signedOut),
        payload: {},
      });
      expect(response.statusCode).toBe(204);
      await expectRefused(signedOut.token);
    });
  });

  it('checks the session again on each subscription, closing a connection whose session ended', async () => {
    const signedOut = await signUp(built.current.app);
    const own = await teamJobChannels(built.current, signedOut);
    const client = connect(url, signedOut.token);
    const first = follow(client, await own.newJob());
    await live(first.name);
    await built.current.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: bearer(signedOut),
      payload: {},
    });

    const second = follow(client, await own.newJob());
    expect(closeCodeOf((await second.ended).error)).toBe(FORBIDDEN);
    expect(closeCodeOf((await first.ended).error)).toBe(FORBIDDEN);
    await live(first.name, 0);
    await client.dispose();
  });

  describe('channel names', () => {
    it.each([
      ['another kind of channel', 'team-1'],
      ['a job id that is not a UUID', 'job-123'],
      ['an upper-case UUID', `job-${randomUUID().toUpperCase()}`],
      ['trailing characters', `job-${randomUUID()}x`],
      ['a Redis key of its own', `kindling:rt:job-${randomUUID()}`],
      ['an empty name', ''],
    ])('answers %s with the error "Invalid channel name"', async (_label, name) => {
      const client = connect(url, account.token);
      const follower = follow(client, name);
      expect(await follower.ended).toEqual({});
      expect(follower.results).toEqual([
        { errors: [expect.objectContaining({ message: 'Invalid channel name' }) as unknown] },
      ]);
      expect(bus.subscriberCount(name)).toBe(0);
      // Positive control: the same connection may follow a job.
      const job = await newJob();
      follow(client, job);
      await live(job);
      await client.dispose();
    });
  });

  describe('job channels follow team membership', () => {
    async function expectRefused(name: string) {
      const client = connect(url, account.token);
      const follower = follow(client, name);
      expect(await follower.ended).toEqual({});
      expect(follower.results).toEqual([
        { errors: [expect.objectContaining({ message: 'Channel not found' }) as unknown] },
      ]);
      expect(bus.subscriberCount(name)).toBe(0);
      await client.dispose();
    }

    it('refuses a job id that does not exist', () => expectRefused(jobName()));

    it('refuses a job of a team the user is not a member of; a job of their own team is followed', async () => {
      const other = await teamJobChannels(built.current, await signUp(built.current.app));
      await expectRefused(await other.newJob());
      const client = connect(url, account.token);
      const own = await newJob();
      follow(client, own);
      await live(own);
      await client.dispose();
    });
  });

  it('releases the bus subscription when the client unsubscribes or disconnects', async () => {
    const client = connect(url, account.token);
    const [first, second] = [await newJob(), await newJob()];
    const stopped = follow(client, first);
    follow(client, second);
    await live(first);
    await live(second);

    stopped.stop();
    await live(first, 0);
    expect(bus.subscriberCount(second)).toBe(1);
    await client.dispose();
    await live(second, 0);
  });

  it('limits subscriptions per connection', async () => {
    const client = connect(url, account.token);
    const names = await Promise.all(Array.from({ length: 100 }, newJob));
    for (const name of names) follow(client, name);
    await vi.waitFor(
      () => expect(names.every((name) => bus.subscriberCount(name) === 1)).toBe(true),
      { interval: 10, timeout: 10_000 },
    );
    const extra = follow(client, await newJob());
    expect(await extra.ended).toEqual({
      error: [expect.objectContaining({ message: 'Too many subscriptions on one connection' })],
    });
    await client.dispose();
  });

  it('does not upgrade other paths', async () => {
    const socket = new WebSocket(
      url.replace('/api/realtime', '/api/elsewhere'),
      'graphql-transport-ws',
    );
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve));
    expect(error.message).toContain('404');
  });

  it('closes open connections when the app closes, without holding the shutdown open', async () => {
    // A second app on the suite's database, so that closing it leaves the suite's own app alone.
    const { app, services } = await buildApp({
      config: testConfig(),
      db: built.current.services.db,
    });
    const url = await listenForRealtime(app);
    const client = connect(url, account.token);
    const name = await newJob();
    const follower = follow(client, name);
    const bus = services.bus as MemoryBus;
    await vi.waitFor(() => expect(bus.subscriberCount(name)).toBe(1), {
      interval: 5,
      timeout: 10_000,
    });

    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(closeCodeOf((await follower.ended).error)).toBe(1001);
    expect(bus.subscriberCount(name)).toBe(0);
    await client.dispose();
  });
});
