import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database';
import { enqueueJob } from '../src/modules/jobs/enqueue-job';
import { RedisBus } from '../src/realtime/redis-bus';
import { TEST_DATABASE_URL } from './databases';
import {
  closeCodeOf,
  connect,
  follow,
  redisSubscriberCount,
  type Follower,
} from './realtime-helpers';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from './redis';
import { startServerProcess, type ServerProcess } from './server-process';
import { PASSWORD, uniqueEmail } from './test-app';

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  if (!server.healthy) throw new Error(`server process did not start:\n${server.output()}`);
  return server;
}

/** A fresh PostgreSQL database both processes share, migrated before they start (as a deploy would). */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kindling_rt_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 2000,
  });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const migrated = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrated.close();
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A job of a new team of the signed-in user, written straight to the shared database. */
async function jobChannelOver(server: ServerProcess, token: string, url: string): Promise<string> {
  const created = await fetch(`${server.url}/api/teams`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Realtime Team' }),
  });
  if (created.status !== 201) throw new Error(`team failed: ${await created.text()}`);
  const { slug } = (await created.json()) as { slug: string };
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const team = await database.db
      .selectFrom('teams')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    const job = await enqueueJob(database, { teamId: team.id, type: 'rt-test', payload: {} });
    return `job-${job.id}`;
  } finally {
    await database.close();
  }
}

async function signUpOver(server: ServerProcess): Promise<string> {
  const email = uniqueEmail('realtime');
  const post = (url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/user/register', {
    email,
    password: PASSWORD,
    realName: 'Rt',
  });
  if (registered.status !== 201) throw new Error(`register failed: ${await registered.text()}`);
  const signedIn = await post('/api/auth/sign-in', { email, password: PASSWORD });
  return ((await signedIn.json()) as { accessToken: string }).accessToken;
}

describeWithRedis('real-time channel across server processes [postgres]', () => {
  const keyPrefix = uniqueRedisPrefix();
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let unavailable: string | undefined;
  const servers: ServerProcess[] = [];
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    try {
      database = await createDatabase();
    } catch (error) {
      if (process.env.REQUIRE_POSTGRES === '1') throw error;
      unavailable = error instanceof Error ? error.message : String(error);
      return;
    }
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
    };
    servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    await redis.quit();
  });

  it('delivers a message published through Redis to subscribers on two server processes, then shuts down cleanly', async (context) => {
    if (unavailable) context.skip(`PostgreSQL not reachable: ${unavailable}`);
    const [first, second] = servers as [ServerProcess, ServerProcess];
    // One sign-in serves both processes: they share the database and the signing secret.
    const token = await signUpOver(first);
    const clients = [connect(first.realtimeUrl, token), connect(second.realtimeUrl, token)];
    const name = await jobChannelOver(first, token, database!.url);
    const followers = clients.map((client) => follow(client, name));
    const channel = `${keyPrefix}rt:${name}`;
    await vi.waitFor(async () => expect(await redisSubscriberCount(redis, channel)).toBe(2), {
      timeout: 10_000,
      interval: 10,
    });

    // Published by a third party: the bus code a job worker runs, then a plain Redis client
    // speaking the documented channel format.
    const publisher = new RedisBus({
      url: TEST_REDIS_URL,
      keyPrefix,
      log: pino({ level: 'silent' }),
    });
    await publisher.publish(name, { type: 'progress', data: 50 });
    await publisher.close();
    await redis.publish(channel, '{"type":"result","data":{"ok":true}}');

    const expected = [
      { name, data: '{"type":"progress","data":50}' },
      { name, data: '{"type":"result","data":{"ok":true}}' },
    ];
    const received = (follower: Follower) =>
      vi.waitFor(() => expect(follower.messages()).toEqual(expected), { interval: 10 });
    await Promise.all(followers.map(received));

    // SIGTERM with connections still open: each process closes them (1001) and exits 0.
    expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0]);
    for (const follower of followers) {
      expect(closeCodeOf((await follower.ended).error)).toBe(1001);
    }
    await Promise.all(clients.map((client) => Promise.resolve(client.dispose())));
  }, 30_000);
});
