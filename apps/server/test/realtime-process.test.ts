import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database';
import { enqueueJob } from '../src/modules/jobs/enqueue-job';
import { RedisHealth } from '../src/redis/redis-health';
import { RedisBus } from '../src/realtime/redis-bus';
import {
  closeCodeOf,
  connect,
  follow,
  redisSubscriberCount,
  type Follower,
} from './realtime-helpers';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from './redis';
import type { ServerProcess } from './server-process';
import {
  createSharedDatabase,
  createTeamOver,
  signUpOver,
  startHealthyServer,
} from './shared-processes';

/** A job of a new team of the signed-in user, written straight to the shared database. */
async function jobChannelOver(server: ServerProcess, token: string, url: string): Promise<string> {
  const slug = await createTeamOver(server, token);
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

describeWithRedis('real-time channel across server processes [postgres]', () => {
  const keyPrefix = uniqueRedisPrefix();
  let database: Awaited<ReturnType<typeof createSharedDatabase>> | undefined;
  let unavailable: string | undefined;
  const servers: ServerProcess[] = [];
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    try {
      database = await createSharedDatabase();
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
    servers.push(...(await Promise.all([startHealthyServer(env), startHealthyServer(env)])));
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
      health: new RedisHealth(pino({ level: 'silent' })),
    });
    await publisher.publish(name, { type: 'progress', data: 50 });
    await publisher.close();
    await redis.publish(channel, '{"type":"result","data":{"ok":true}}');

    const expected = [
      { name, data: '{"type":"progress","data":50}' },
      { name, data: '{"type":"result","data":{"ok":true}}' },
    ];
    const received = (follower: Follower) =>
      vi.waitFor(() => expect(follower.messages()).toEqual(expected), {
        interval: 10,
        timeout: 10_000,
      });
    await Promise.all(followers.map(received));

    // SIGTERM with connections still open: each process closes them (1001) and exits 0.
    expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0]);
    for (const follower of followers) {
      expect(closeCodeOf((await follower.ended).error)).toBe(1001);
    }
    await Promise.all(clients.map((client) => Promise.resolve(client.dispose())));
  }, 30_000);
});
