import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLUSTER_NEEDS_POSTGRES, CLUSTER_NEEDS_REDIS } from '../src/cluster/cluster-refusal';
import { holdRequest, untilLogged } from './held-request';
import { connect, follow, redisSubscriberCount } from './realtime-helpers';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from './redis';
import { loggedLines, startServerProcess, type ServerProcess } from './server-process';
import {
  createSharedDatabase,
  createTeamOver,
  postJson,
  signUpOver,
  startHealthyServer,
} from './shared-processes';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-cluster-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const COLLECT_LIMIT = 6;
/**
 * A worker compiles the app through tsx as it starts: under the full suite on 2 cores that took
 * more than 20 s once in CI. The single process's health wait is 90 s (server-process.ts).
 */
const WORKER_START_MS = 60_000;

/**
 * Settings every process of one installation shares: the database, Redis and the secret. The
 * database is new and empty: the cluster's workers all migrate it as they start.
 */
async function sharedInstallation() {
  const database = await createSharedDatabase({ migrated: false });
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: uniqueRedisPrefix(),
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    COLLECT_RATE_LIMIT_PER_MINUTE: String(COLLECT_LIMIT),
  };
  return { database, env };
}

/** The pino lines of the cluster's primary with this message. */
const linesOf = (server: ServerProcess, message: string) =>
  loggedLines<{ workerPid: number; worker: number }>(server, message);

describe('npm run start:cluster', () => {
  it('refuses to start on PGlite or without Redis, saying what to set', async () => {
    const server = await startServerProcess(
      { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      { args: ['--cluster'] },
    );
    expect(await server.exited).toBe(78);
    expect(server.healthy).toBe(false);
    expect(server.output()).toContain(CLUSTER_NEEDS_POSTGRES);
    expect(server.output()).toContain(CLUSTER_NEEDS_REDIS);
  });

  it(
    'stops, instead of forking forever, when a worker dies before it could serve',
    async () => {
      // Nothing listens on port 1: every worker fails its first database connection.
      const server = await startServerProcess(
        {
          DATA_DIR: dataDir,
          DATABASE_URL: 'postgres://kindling@127.0.0.1:1/kindling',
          REDIS_URL: 'redis://127.0.0.1:1',
          CLUSTER_WORKERS: '2',
          LOG_LEVEL: 'info',
        },
        { args: ['--cluster'] },
      );
      expect(await server.exited).toBe(1);
      expect(
        linesOf(server, 'worker exited before it could serve: stopping the cluster'),
      ).toHaveLength(1);
      expect(linesOf(server, 'worker died: starting a replacement')).toEqual([]);
      // Two workers compile the app through tsx before they fail (WORKER_START_MS).
    },
    2 * WORKER_START_MS,
  );
});

describeWithRedis('a cluster of server processes on PostgreSQL [postgres]', () => {
  let installation: Awaited<ReturnType<typeof sharedInstallation>>;
  const servers: ServerProcess[] = [];
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    installation = await sharedInstallation();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await installation?.database.drop();
    await redis.quit();
  });

  it('runs CLUSTER_WORKERS processes on one port, replaces one that dies and drains on SIGTERM', async ({
    onTestFailed,
  }) => {
    const cluster = await startHealthyServer(
      { ...installation.env, CLUSTER_WORKERS: '3', LOG_LEVEL: 'info' },
      { args: ['--cluster'] },
    );
    servers.push(cluster);
    // Its workers run jobs: left running, they would take the next test's job before it listens.
    onTestFailed(() => void cluster.stop());
    await vi.waitFor(() => expect(linesOf(cluster, 'worker listening')).toHaveLength(3), {
      timeout: WORKER_START_MS,
      interval: 50,
    });
    const pids = linesOf(cluster, 'worker listening').map((line) => line.workerPid);
    expect(new Set(pids).size).toBe(3);

    process.kill(pids[0]!, 'SIGKILL');
    await vi.waitFor(() => expect(linesOf(cluster, 'worker listening')).toHaveLength(4), {
      timeout: WORKER_START_MS,
      interval: 50,
    });
    expect(linesOf(cluster, 'worker died: starting a replacement')).toMatchObject([
      { workerPid: pids[0] },
    ]);
    expect((await fetch(`${cluster.url}/api/health`)).status).toBe(200);

    // Drain: a request the test holds open is in a worker when the cluster gets SIGTERM, and
    // that worker answers it before it exits.
    const held = holdRequest(`${cluster.url}/api/user/register`, {
      email: `drain-${Date.now()}@example.com`,
      password: 'drain-pass-1',
      realName: 'Drain',
    });
    const received = await untilLogged(
      cluster,
      '"msg":"incoming request"',
      '"url":"/api/user/register"',
    );
    const stopped = cluster.stop();
    await untilLogged(
      cluster,
      `"pid":${String(received.pid)},`,
      '"msg":"shutting down: finishing in-flight requests"',
    );
    expect(held.answeredYet()).toBe(false);
    held.finish();
    expect(await held.answered).toEqual({ status: 201, connection: 'close' });
    expect(await stopped).toBe(0);
    expect(linesOf(cluster, 'worker died: starting a replacement')).toHaveLength(1);
  }, 180_000);

  it('reports a job started through one process to a subscriber on another, run by a third', async () => {
    // Neither the process that queues the job nor the subscriber's process runs jobs.
    const api = { ...installation.env, JOB_WORKER: 'false' };
    const [starter, listener] = await Promise.all([
      startHealthyServer(api),
      startHealthyServer(api),
    ]);
    servers.push(starter, listener);
    const token = await signUpOver(starter);
    const slug = await createTeamOver(starter, token);
    const queued = await postJson(
      `${starter.url}/api/team/${slug}/campaign/generate-image`,
      { prompt: 'A red bicycle', dimensions: { width: 64, height: 64 }, ids: [0] },
      token,
    );
    expect(queued.status).toBe(202);
    const name = `job-${((await queued.json()) as { jobId: string }).jobId}`;

    const client = connect(listener.realtimeUrl, token);
    const follower = follow(client, name);
    const channel = `${installation.env.REDIS_KEY_PREFIX}rt:${name}`;
    await vi.waitFor(async () => expect(await redisSubscriberCount(redis, channel)).toBe(1), {
      timeout: 10_000,
      interval: 10,
    });
    // The worker starts only now, so the job cannot finish before anyone listens.
    servers.push(await startHealthyServer({ ...installation.env, JOB_POLL_MS: '100' }));

    const types = () =>
      follower.messages().map((m) => (JSON.parse(m.data) as { type: string }).type);
    await vi.waitFor(() => expect(types()).toContain('result'), { timeout: 20_000, interval: 20 });
    expect(types()).toEqual(['progress', 'progress', 'progress', 'result']);
    const result = JSON.parse(follower.messages().at(-1)!.data) as {
      data: { images: { id: number }[] };
    };
    expect(result.data.images.map((image) => image.id)).toEqual([0]);
    follower.stop();
    await client.dispose();
  }, 60_000);

  it('counts a rate limit across processes', async () => {
    // The three processes of the previous test; the collect limit is per client address.
    const [first, second, third] = servers.slice(-3) as [
      ServerProcess,
      ServerProcess,
      ServerProcess,
    ];
    const collect = (server: ServerProcess) => postJson(`${server.url}/api/collect`, {});
    // Two each: every process alone would still be far from its limit.
    const statuses: number[] = [];
    for (let i = 0; i < COLLECT_LIMIT; i += 1) {
      statuses.push((await collect([first, second, third][i % 3]!)).status);
    }
    expect(statuses).not.toContain(429);
    for (const server of [first, second, third]) expect((await collect(server)).status).toBe(429);
  }, 30_000);
});
