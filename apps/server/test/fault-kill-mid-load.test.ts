import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTrackedCampaign } from './collect-load';
import { startCollectLoad } from './collect-senders';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server';
import { describeWithRedis, TEST_REDIS_URL, uniqueRedisPrefix } from './redis';
import { workerPids, type ServerProcess } from './server-process';
import {
  createSharedDatabase,
  createTeamOver,
  postJson,
  signUpOver,
  startHealthyServer,
} from './shared-processes';
import { processOwningPort } from './socket-owner';
import { readBack } from './stored-events';

// Issue 14: "kill -9 a process mid-load (no acknowledged event lost, no job lost: it is
// retried)". One kill covers both: the worker killed is the one running a job (its call to the
// AI provider is held open), while several senders post tracker events to every worker.

const SENDERS = 6;
const BATCH = 20;
/** The load's bound; it stops well before, once AFTER_KILL events more were acknowledged. */
const MAX_EVENTS = 20_000;
/** Events acknowledged before the job is queued and its worker killed: the load is under way. */
const BEFORE_KILL = 600;
const AFTER_KILL = 2_000;
/** Far above the time from the job's claim to the kill (milliseconds, even on a busy machine). */
const JOB_STALE_MS = 3_000;
/**
 * What recovery may take past JOB_STALE_MS: a poll (JOB_POLL_MS 200), the second run of the job
 * (the fake's image, sharp's crop) and scheduling on a machine busy with the load.
 */
const RECOVERY_MARGIN_MS = 4_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-fault-'));
const waitLong = { timeout: 30_000, interval: 20 };

describeWithRedis('kill -9 of a cluster worker mid-load [postgres]', () => {
  let database: Awaited<ReturnType<typeof createSharedDatabase>>;
  let fake: FakeOpenAiServer;
  let cluster: ServerProcess | undefined;

  beforeAll(async () => {
    [database, fake] = await Promise.all([createSharedDatabase(), startFakeOpenAiServer()]);
  });

  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function jobRow(id: string) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ status: string; attempts: number }>(
        'select status, attempts from jobs where id = $1',
        [id],
      );
      return rows[0];
    } finally {
      await client.end();
    }
  }

  it('loses no acknowledged event and retries the job the dead worker was running', async () => {
    const started = Date.now();
    cluster = await startHealthyServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: uniqueRedisPrefix(),
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        CLUSTER_WORKERS: '3',
        LOG_LEVEL: 'info',
        COLLECT_RATE_LIMIT_PER_MINUTE: '1000000',
        COLLECT_BYTES_PER_MINUTE: '1073741824',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        JOB_POLL_MS: '200',
        JOB_STALE_MS: String(JOB_STALE_MS),
        AI_PROVIDER: 'openai',
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: 'sk-fault-test',
      },
      { args: ['--cluster'] },
    );
    const url = cluster.url;
    const running = cluster;
    await vi.waitFor(() => expect(workerPids(running)).toHaveLength(3), waitLong);
    const workers = workerPids(running);
    const campaign = await createTrackedCampaign(url);
    const token = await signUpOver(running);
    const slug = await createTeamOver(running, token);

    const load = startCollectLoad({
      baseUrl: url,
      campaign,
      senders: SENDERS,
      batch: BATCH,
      maxEvents: MAX_EVENTS,
      deadline: started + 75_000,
    });
    const { tally } = load;
    await vi.waitFor(() => expect(tally.acknowledged.size).toBeGreaterThanOrEqual(BEFORE_KILL), {
      ...waitLong,
      interval: 5,
    });

    // The job's first call to the AI provider is held open: the job is in flight in one worker.
    fake.script('hold');
    const queuedAt = Date.now();
    const queued = await postJson(
      `${url}/api/team/${slug}/campaign/generate-image`,
      { prompt: 'A red bicycle', dimensions: { width: 64, height: 64 }, ids: [0] },
      token,
    );
    expect(queued.status).toBe(202);
    const { jobId } = (await queued.json()) as { jobId: string };
    const held = await vi.waitFor(() => {
      expect(fake.held).toHaveLength(1);
      return fake.held[0]!;
    }, waitLong);
    const victim = await processOwningPort(held.remotePort, workers);
    expect(victim, 'the held call comes from one of the workers').toBeDefined();

    const imageCalls = () => fake.requests.filter((r) => r.path === '/images/generations').length;
    const callsBeforeKill = imageCalls();
    const acknowledgedAtKill = tally.acknowledged.size;
    const killedAt = Date.now();
    process.kill(victim!, 'SIGKILL');
    // The held call's connection closes because its process died: the kill hit the job.
    await held.closed;

    const readJob = async () => {
      const answer = await fetch(`${url}/api/team/${slug}/jobs/by-id?id=${jobId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await answer.json()) as {
        status: string;
        result: { images: { id: number; src: string }[] } | null;
      };
    };
    const sinceKill = () => Date.now() - killedAt;
    const enough = Math.min(acknowledgedAtKill + AFTER_KILL, MAX_EVENTS);
    const [replacedMs, [job, recoveredMs]] = await Promise.all([
      vi.waitFor(() => expect(workerPids(running)).toHaveLength(4), waitLong).then(sinceKill),
      vi
        .waitFor(async () => {
          const read = await readJob();
          expect(read.status).not.toMatch(/^(queued|running)$/);
          return read;
        }, waitLong)
        .then((read) => [read, sinceKill()] as const),
      vi
        .waitFor(() => expect(tally.acknowledged.size).toBeGreaterThanOrEqual(enough), {
          ...waitLong,
          interval: 5,
        })
        .then(() => load.stop()),
    ]);
    await load.done;
    const image = await fetch(new URL(job.result?.images[0]?.src ?? '/missing', url));
    const row = await jobRow(jobId);
    expect(await running.stop()).toBe(0);

    const stored = await readBack({ kind: 'postgres', url: database.url }, campaign);
    const storedIds = new Set(stored.ids.map((event) => event.id));
    const lost = [...tally.acknowledged].filter((id) => !storedIds.has(id));
    const duplicated = stored.ids.length - storedIds.size;
    const exposures = stored.ids.filter((event) => event.type === 'exposure').length;
    console.info(
      `[postgres] kill -9 of 1 of 3 cluster workers mid-load: events sent ${tally.sent}, ` +
        `acknowledged ${tally.acknowledged.size} (${acknowledgedAtKill} before the kill), ` +
        `stored ${storedIds.size}, acknowledged lost ${lost.length}, duplicated ${duplicated}; ` +
        `${tally.failedSends} sends (${tally.failedEvents} events) failed and were resent, ` +
        `${tally.answeredDuplicates} resent events were already stored; ` +
        `job ${job.status} on attempt ${row?.attempts}, recovered ${recoveredMs} ms after the ` +
        `kill (JOB_STALE_MS ${JOB_STALE_MS}), replacement worker listening after ${replacedMs} ms; ` +
        `whole test ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    // Events: the load ran through the kill, every acknowledged event is stored once, and
    // every event sent was acknowledged in the end (the senders resend like the tracker).
    expect(acknowledgedAtKill).toBeLessThan(tally.acknowledged.size);
    expect(tally.refused).toEqual([]);
    expect(tally.abandoned).toBe(0);
    expect(lost).toEqual([]);
    expect(duplicated).toBe(0);
    expect(tally.acknowledged.size).toBe(tally.sent);
    expect(storedIds.size).toBe(tally.sent);
    expect(stored.rollup.exposures).toBe(exposures);
    expect(stored.rollup.visitors).toBe(stored.visitors);
    expect(stored.rollup.goalSessions).toBe(stored.sessionGoals);

    // The job: held by the killed worker only, run again once its claim was stale, and done.
    expect(callsBeforeKill).toBe(1);
    expect(imageCalls()).toBe(2);
    expect(job.status).toBe('succeeded');
    expect(row).toEqual({ status: 'succeeded', attempts: 2 });
    expect(job.result?.images.map((generated) => generated.id)).toEqual([0]);
    expect(image.status).toBe(200);
    // Recovered by the stale-claim rule, not sooner (the claim came after queuedAt, so it was
    // not stale before JOB_STALE_MS from then) and not much later.
    expect(recoveredMs).toBeGreaterThanOrEqual(JOB_STALE_MS - (killedAt - queuedAt));
    expect(recoveredMs).toBeLessThan(JOB_STALE_MS + RECOVERY_MARGIN_MS);
  }, 90_000);
});
