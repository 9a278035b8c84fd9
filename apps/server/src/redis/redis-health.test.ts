import type { Redis } from 'ioredis';
import { afterEach, expect, it, vi } from 'vitest';
import { describeWithRedis, TEST_REDIS_URL } from '../../test/redis';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { REDIS_BACK, REDIS_DOWN, RedisHealth } from './redis-health';

function capture() {
  const lines: { level: 'warn' | 'info'; fields: object; message: string }[] = [];
  return {
    lines,
    log: {
      warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
      info: (fields: object, message: string) => lines.push({ level: 'info', fields, message }),
    },
    messages: () => lines.map((line) => line.message),
  };
}

describeWithRedis('redis health', () => {
  let proxy: TcpProxy | undefined;
  let health: RedisHealth | undefined;
  const connections: Redis[] = [];
  afterEach(async () => {
    const open = connections.splice(0);
    if (health) await Promise.all(open.map((connection) => health!.close(connection)));
    await proxy?.close();
  });

  it('logs one line when Redis goes away and one when it is back, whatever the retries', async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const { log, lines, messages } = capture();
    health = new RedisHealth(log);
    const url = `redis://${proxy.host}:${proxy.port}`;
    const first = health.open(url, 'first');
    const second = health.open(url, 'second', { enableOfflineQueue: false });
    connections.push(first, second);
    await vi.waitFor(() => expect([first.status, second.status]).toEqual(['ready', 'ready']), {
      timeout: 10_000,
    });
    expect(lines).toEqual([]);

    let failedAttempts = 0;
    first.on('error', () => (failedAttempts += 1));
    await proxy.cut();
    await vi.waitFor(() => expect(health!.isDown(first) && health!.isDown(second)).toBe(true), {
      timeout: 10_000,
    });
    // Several reconnect attempts fail (50 ms, 100 ms, 150 ms... apart), still one line.
    await vi.waitFor(() => expect(failedAttempts).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    expect(messages()).toEqual([REDIS_DOWN]);
    const started = Date.now();
    await expect(second.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(500);
    health.noteSkipped('real-time messages');
    health.noteSkipped('real-time messages');

    await proxy.restore();
    await vi.waitFor(() => expect(messages()).toEqual([REDIS_DOWN, REDIS_BACK]), {
      timeout: 10_000,
    });
    expect(health.isDown(first) || health.isDown(second)).toBe(false);
    expect(lines[1]!.fields).toMatchObject({ skipped: { 'real-time messages': 2 } });
    expect(await second.ping()).toBe('PONG');
  });

  it('reports a Redis that is down from the start, and logs nothing on close', async () => {
    const { log, messages } = capture();
    health = new RedisHealth(log);
    // Nothing listens on port 1.
    const connection = health.open('redis://127.0.0.1:1', 'rate limits');
    connections.push(connection);
    await vi.waitFor(() => expect(health!.isDown(connection)).toBe(true), { timeout: 10_000 });
    expect(messages()).toEqual([REDIS_DOWN]);
    await health.close(connections.pop()!);
    expect(messages()).toEqual([REDIS_DOWN]);
  });
});
