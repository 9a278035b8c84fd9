import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BusClosedError, type BusMessage, type PubSubBus } from '../src/realtime/bus';
import { MAX_BUFFERED_MESSAGES, subscribeIterator } from '../src/realtime/bus-iterator';
import { MemoryBus } from '../src/realtime/memory-bus';
import { RedisHealth } from '../src/redis/redis-health';
import { RedisBus } from '../src/realtime/redis-bus';
import { redisSubscriberCount } from './realtime-helpers';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from './redis';

const silentLog = () => pino({ level: 'silent' });

function collector() {
  const received: BusMessage[] = [];
  return { received, handler: (message: BusMessage) => void received.push(message) };
}

/**
 * Resolves once everything published before it has been delivered: a bus delivers one
 * channel's messages in order, and Redis relays one connection's publishes in order too.
 */
async function barrier(bus: PubSubBus): Promise<void> {
  const name = `barrier-${randomUUID()}`;
  const { received, handler } = collector();
  const unsubscribe = await bus.subscribe(name, handler);
  await bus.publish(name, 'barrier');
  await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5000, interval: 5 });
  await unsubscribe();
}

function busContract(makeBus: () => PubSubBus) {
  let bus: PubSubBus;
  const open: PubSubBus[] = [];
  const create = () => {
    const created = makeBus();
    open.push(created);
    return created;
  };
  beforeAll(() => {
    bus = create();
  });
  afterAll(async () => {
    await Promise.all(open.map((each) => each.close()));
  });

  it('delivers published data as JSON text to every subscriber of that name, and only them', async () => {
    const first = collector();
    const second = collector();
    const other = collector();
    const name = `job-${randomUUID()}`;
    await bus.subscribe(name, first.handler);
    await bus.subscribe(name, second.handler);
    await bus.subscribe(`job-${randomUUID()}`, other.handler);

    await bus.publish(name, { type: 'result', data: { url: 'https://example.com/a.png' } });
    await barrier(bus);

    const expected = { name, data: '{"type":"result","data":{"url":"https://example.com/a.png"}}' };
    expect(first.received).toEqual([expected]);
    expect(second.received).toEqual([expected]);
    expect(other.received).toEqual([]);
  });

  it('stops delivering to an unsubscribed handler and keeps the others', async () => {
    const stays = collector();
    const leaves = collector();
    const name = `job-${randomUUID()}`;
    await bus.subscribe(name, stays.handler);
    const unsubscribe = await bus.subscribe(name, leaves.handler);
    await bus.publish(name, 1);
    await barrier(bus);

    await unsubscribe();
    await unsubscribe(); // a second call is harmless
    await bus.publish(name, 2);
    await barrier(bus);

    expect(stays.received.map((message) => message.data)).toEqual(['1', '2']);
    expect(leaves.received.map((message) => message.data)).toEqual(['1']);
  });

  it('counts the same function subscribed twice as two subscriptions', async () => {
    const { received, handler } = collector();
    const name = `job-${randomUUID()}`;
    const unsubscribeFirst = await bus.subscribe(name, handler);
    await bus.subscribe(name, handler);
    await unsubscribeFirst();
    await bus.publish(name, 'still here');
    await barrier(bus);
    expect(received.map((message) => message.data)).toEqual(['"still here"']);
  });

  it('keeps delivering to other subscribers when one handler throws', async () => {
    const { received, handler } = collector();
    const name = `job-${randomUUID()}`;
    await bus.subscribe(name, () => {
      throw new Error('subscriber bug');
    });
    await bus.subscribe(name, handler);
    await bus.publish(name, 'x');
    await barrier(bus);
    expect(received).toHaveLength(1);
  });

  it('refuses data that JSON cannot carry', async () => {
    await expect(bus.publish('job-x', undefined)).rejects.toThrow(
      'Real-time message data must be JSON-serialisable',
    );
  });

  it('refuses to publish or subscribe once closed', async () => {
    const closed = create();
    await closed.close();
    await expect(closed.publish('job-x', 1)).rejects.toBeInstanceOf(BusClosedError);
    await expect(closed.subscribe('job-x', () => {})).rejects.toBeInstanceOf(BusClosedError);
  });
}

describe('memory bus', () => {
  busContract(() => new MemoryBus(silentLog()));

  it('reports live subscriptions per name', async () => {
    const bus = new MemoryBus(silentLog());
    const unsubscribe = await bus.subscribe('job-a', () => {});
    expect(bus.subscriberCount('job-a')).toBe(1);
    await unsubscribe();
    expect(bus.subscriberCount('job-a')).toBe(0);
  });
});

describe('bus subscription as an async iterator', () => {
  it('yields messages in order, buffering those published before they are read', async () => {
    const bus = new MemoryBus(silentLog());
    const iterator = await subscribeIterator(bus, 'job-a');
    await bus.publish('job-a', 1);
    await bus.publish('job-a', 2);
    expect(await iterator.next()).toEqual({ value: { name: 'job-a', data: '1' }, done: false });
    expect(await iterator.next()).toEqual({ value: { name: 'job-a', data: '2' }, done: false });
    const waiting = iterator.next();
    await bus.publish('job-a', 3);
    expect(await waiting).toEqual({ value: { name: 'job-a', data: '3' }, done: false });
  });

  it('unsubscribes on return() even while a next() is waiting', async () => {
    const bus = new MemoryBus(silentLog());
    const iterator = await subscribeIterator(bus, 'job-a');
    const waiting = iterator.next();
    await iterator.return();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(bus.subscriberCount('job-a')).toBe(0);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('ends with an error, unsubscribed, when the reader falls too far behind', async () => {
    const bus = new MemoryBus(silentLog());
    const iterator = await subscribeIterator(bus, 'job-a');
    for (let index = 0; index <= MAX_BUFFERED_MESSAGES; index += 1)
      await bus.publish('job-a', index);
    for (let index = 0; index < MAX_BUFFERED_MESSAGES; index += 1) await iterator.next();
    await expect(iterator.next()).rejects.toThrow('Too many unread real-time messages');
    expect(bus.subscriberCount('job-a')).toBe(0);
  });
});

describeWithRedis('redis bus', () => {
  const keyPrefix = uniqueRedisPrefix();
  const makeBus = () =>
    new RedisBus({
      url: TEST_REDIS_URL,
      keyPrefix,
      log: silentLog(),
      health: new RedisHealth(silentLog()),
    });
  busContract(makeBus);

  let redis: Redis;
  const buses: RedisBus[] = [];
  const create = () => {
    const bus = makeBus();
    buses.push(bus);
    return bus;
  };
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('shares one Redis subscription per channel among its subscribers (reference counted)', async () => {
    const bus = create();
    const name = `job-${randomUUID()}`;
    const channel = `${keyPrefix}rt:${name}`;
    const [first, second] = await Promise.all([
      bus.subscribe(name, () => {}),
      bus.subscribe(name, () => {}),
    ]);
    expect(await redisSubscriberCount(redis, channel)).toBe(1);
    await first();
    expect(await redisSubscriberCount(redis, channel)).toBe(1);
    await second();
    expect(await redisSubscriberCount(redis, channel)).toBe(0);
  });

  it('publishes on {REDIS_KEY_PREFIX}rt:{name}, so another process (or a plain client) can reach it', async () => {
    const bus = create();
    const name = `job-${randomUUID()}`;
    const { received, handler } = collector();
    await bus.subscribe(name, handler);
    await redis.publish(`${keyPrefix}rt:${name}`, '{"type":"progress","data":50}');
    await redis.publish(`other-prefix:rt:${name}`, '"wrong installation"');
    await vi.waitFor(() => expect(received).toHaveLength(1), { interval: 5, timeout: 10_000 });
    expect(received).toEqual([{ name, data: '{"type":"progress","data":50}' }]);
  });

  it('delivers a message published through one bus to a subscriber of another bus', async () => {
    const publisher = create();
    const subscriber = create();
    const name = `job-${randomUUID()}`;
    const { received, handler } = collector();
    await subscriber.subscribe(name, handler);
    await publisher.publish(name, { type: 'result', data: 'done' });
    await vi.waitFor(() => expect(received).toHaveLength(1), { interval: 5, timeout: 10_000 });
    expect(received).toEqual([{ name, data: '{"type":"result","data":"done"}' }]);
  });

  it('resubscribes a channel that was fully released and subscribed again', async () => {
    const bus = create();
    const name = `job-${randomUUID()}`;
    const { received, handler } = collector();
    const unsubscribe = await bus.subscribe(name, () => {});
    // Released and re-taken without waiting: UNSUBSCRIBE and SUBSCRIBE stay in order on one connection.
    const released = unsubscribe();
    const again = bus.subscribe(name, handler);
    await Promise.all([released, again]);
    await bus.publish(name, 'back');
    await vi.waitFor(() => expect(received).toHaveLength(1), { interval: 5, timeout: 10_000 });
  });
});
