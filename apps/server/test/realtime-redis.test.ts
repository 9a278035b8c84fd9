import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { testConfig } from '../src/config';
import { RedisBus } from '../src/realtime/redis-bus';
import {
  connect,
  follow,
  teamJobChannels,
  listenForRealtime,
  redisSubscriberCount,
  type Follower,
} from './realtime-helpers';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from './redis';
import { signUp, useTestApp, type Account } from './test-app';

// Two app instances in this process, each with its own Redis connections and port, sharing one
// database as server processes do. realtime-process.test.ts does the same with child processes.
describeWithRedis('real-time channel across server instances', () => {
  const keyPrefix = uniqueRedisPrefix();
  const config = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: keyPrefix };
  const first = useTestApp('pglite', config);
  let second: BuiltApp;
  let redis: Redis;
  let account: Account;
  let newJob: () => Promise<string>;
  const urls: string[] = [];
  beforeAll(async () => {
    second = await buildApp({ config: testConfig(config), db: first.current.services.db });
    redis = new Redis(TEST_REDIS_URL);
    urls.push(await listenForRealtime(first.current.app), await listenForRealtime(second.app));
    account = await signUp(first.current.app);
    ({ newJob } = await teamJobChannels(first.current, account));
  });
  afterAll(async () => {
    await second.app.close();
    await redis.quit();
  });

  const channel = (name: string) => `${keyPrefix}rt:${name}`;
  const processesListening = (name: string, count: number) =>
    vi.waitFor(async () => expect(await redisSubscriberCount(redis, channel(name))).toBe(count), {
      interval: 5,
    });
  const received = async (follower: Follower) => {
    await vi.waitFor(() => expect(follower.messages()).toHaveLength(1), {
      interval: 5,
      timeout: 10_000,
    });
    return follower.messages();
  };

  it('a message published by one server process reaches a subscriber connected to another process through Redis', async () => {
    const client = connect(urls[1] ?? '', account.token);
    const name = await newJob();
    const follower = follow(client, name);
    await processesListening(name, 1);

    await first.current.services.bus.publish(name, { type: 'result', data: { ok: true } });
    expect(await received(follower)).toEqual([
      { name, data: '{"type":"result","data":{"ok":true}}' },
    ]);
    await client.dispose();
  });

  it('fans one message out to subscribers on every instance, one Redis subscription each', async () => {
    const clients = [
      connect(urls[0] ?? '', account.token),
      connect(urls[1] ?? '', account.token),
      connect(urls[1] ?? '', account.token),
    ];
    const name = await newJob();
    const followers = clients.map((client) => follow(client, name));
    const secondBus = second.services.bus;
    if (!(secondBus instanceof RedisBus)) throw new Error('expected the Redis bus');
    await vi.waitFor(() => expect(secondBus.subscriberCount(name)).toBe(2), {
      interval: 5,
      timeout: 10_000,
    });
    await processesListening(name, 2);

    await second.services.bus.publish(name, { type: 'progress', data: 40 });
    for (const follower of followers) {
      expect(await received(follower)).toEqual([{ name, data: '{"type":"progress","data":40}' }]);
    }
    await Promise.all(clients.map((client) => Promise.resolve(client.dispose())));
    await processesListening(name, 0);
  });
});
