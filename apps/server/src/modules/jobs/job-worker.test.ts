import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  describeEachDatabase,
  openPostgresDatabase,
  openTestDatabase,
  type TestDatabase,
} from '../../../test/databases';
import type { Db } from '../../db/database';
import { MemoryBus } from '../../realtime/memory-bus';
import { enqueueJob } from './enqueue-job';
import { getJob } from './get-job';
import { followJob, insertTestTeam, quietLog, sleep, waitFor } from '../../../test/job-helpers';
import {
  GENERIC_JOB_ERROR,
  PermanentJobError,
  STALE_JOB_ERROR,
  type JobHandler,
} from './job-types';
import { createJobWorker, type JobWorker, type JobWorkerOptions } from './job-worker';

describeEachDatabase('job worker', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let teamId: number;
  const bus = new MemoryBus(quietLog);
  const workers: JobWorker[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    teamId = await insertTestTeam(db);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(async () => {
    await database.dispose();
  });

  function startWorker(
    handlers: Record<string, JobHandler>,
    options: Partial<JobWorkerOptions> = {},
  ): JobWorker {
    const worker = createJobWorker({
      db,
      bus,
      log: quietLog,
      handlers,
      pollMs: 25,
      concurrency: 3,
      ...options,
    });
    workers.push(worker);
    worker.start();
    return worker;
  }

  const row = (id: string) =>
    db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('runs a job, publishes progress and result, and stores the outcome', async () => {
    const { id } = await enqueueJob({ db }, { teamId, type: 'echo', payload: { word: 'ember' } });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const follower = await followJob(bus, id);
    startWorker({
      echo: async (job) => {
        await job.progress({ step: 1 });
        return { echoed: job.payload.word, attempt: job.attempt };
      },
    });
    expect(await follower.outcome).toEqual({
      type: 'result',
      data: { echoed: 'ember', attempt: 1 },
    });
    expect(follower.seen[0]).toEqual({ type: 'progress', data: { step: 1 } });
    expect(await getJob({ db }, { teamId, id })).toEqual({
      id,
      type: 'echo',
      status: 'succeeded',
      result: { echoed: 'ember', attempt: 1 },
      error: null,
    });
    expect((await row(id)).lockedAt).toBeNull();
  });

  it('hides a job from another team', async () => {
    const { id } = await enqueueJob({ db }, { teamId, type: 'nobody-runs-this', payload: {} });
    const otherTeam = await insertTestTeam(db);
    await expect(getJob({ db }, { teamId: otherTeam, id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await getJob({ db }, { teamId, id })).status).toBe('queued');
  });

  it('schedules a retry 2^attempts seconds out after a failure', async () => {
    const { id } = await enqueueJob({ db }, { teamId, type: 'flaky-slow', payload: {} });
    startWorker({ 'flaky-slow': () => Promise.reject(new Error('connection reset')) });
    const retried = await waitFor(async () => {
      const job = await row(id);
      return job.status === 'queued' && job.attempts === 1 ? job : undefined;
    });
    const { delay } = await sql<{ delay: number }>`
      select extract(epoch from run_at - now()) * 1000 as delay from jobs where id = ${id}`
      .execute(db)
      .then((result) => ({ delay: Number(result.rows[0]!.delay) }));
    expect(delay).toBeGreaterThan(1500);
    expect(delay).toBeLessThanOrEqual(2000);
    expect(retried.error).toBe(GENERIC_JOB_ERROR);
    expect((await getJob({ db }, { teamId, id })).error).toBeNull();
  });

  it('retries until max_attempts, then fails and publishes the error', async () => {
    const { id } = await enqueueJob({ db }, { teamId, type: 'flaky', payload: {} });
    const follower = await followJob(bus, id);
    let calls = 0;
    startWorker(
      {
        flaky: () => {
          calls += 1;
          return Promise.reject(new Error(`secret internal detail ${calls}`));
        },
      },
      { backoffUnitMs: 5 },
    );
    expect(await follower.outcome).toEqual({ type: 'error', data: { message: GENERIC_JOB_ERROR } });
    expect(calls).toBe(3);
    expect(await getJob({ db }, { teamId, id })).toMatchObject({
      status: 'failed',
      error: GENERIC_JOB_ERROR,
    });
  });

  it('succeeds on a later attempt after a transient failure', async () => {
    const { id } = await enqueueJob({ db }, { teamId, type: 'once-flaky', payload: {} });
    const follower = await followJob(bus, id);
    startWorker(
      {
        'once-flaky': (job) =>
          job.attempt === 1 ? Promise.reject(new Error('blip')) : Promise.resolve({ ok: true }),
      },
      { backoffUnitMs: 5 },
    );
    expect(await follower.outcome).toEqual({ type: 'result', data: { ok: true } });
    expect((await row(id)).attempts).toBe(2);
  });

  it('does not retry a permanent failure and shows its message', async () => {
    const { id } = await enqueueJob({ db }, { teamId, type: 'doomed', payload: {} });
    const follower = await followJob(bus, id);
    startWorker({ doomed: () => Promise.reject(new PermanentJobError('The page took too long')) });
    expect(await follower.outcome).toEqual({
      type: 'error',
      data: { message: 'The page took too long' },
    });
    expect((await row(id)).attempts).toBe(1);
  });

  it('reclaims a job whose worker died, and fails one with no attempt left', async () => {
    const revived = await enqueueJob({ db }, { teamId, type: 'revive', payload: {} });
    const exhausted = await enqueueJob({ db }, { teamId, type: 'revive', payload: {} });
    const stale = sql<Date>`now() - interval '10 minutes'`;
    await db
      .updateTable('jobs')
      .set({ status: 'running', lockedAt: stale, attempts: 1 })
      .where('id', '=', revived.id)
      .execute();
    await db
      .updateTable('jobs')
      .set({ status: 'running', lockedAt: stale, attempts: 3 })
      .where('id', '=', exhausted.id)
      .execute();
    const follower = await followJob(bus, revived.id);
    const lost = await followJob(bus, exhausted.id);
    startWorker({ revive: (job) => Promise.resolve({ attempt: job.attempt }) });
    expect(await follower.outcome).toEqual({ type: 'result', data: { attempt: 2 } });
    expect(await lost.outcome).toEqual({ type: 'error', data: { message: STALE_JOB_ERROR } });
    expect(await getJob({ db }, { teamId, id: exhausted.id })).toMatchObject({ status: 'failed' });
  });

  it('leaves a freshly locked running job alone', async () => {
    const { id } = await enqueueJob({ db }, { teamId, type: 'busy', payload: {} });
    await db
      .updateTable('jobs')
      .set({ status: 'running', lockedAt: sql<Date>`now()`, attempts: 1 })
      .where('id', '=', id)
      .execute();
    let ran = false;
    startWorker({ busy: () => ((ran = true), Promise.resolve({})) });
    await sleep(150);
    expect(ran).toBe(false);
  });

  it('shares the table between two workers: 20 jobs, each run exactly once', async () => {
    // On PostgreSQL the second worker has its own connection pool, as another process would.
    const second =
      kind === 'postgres' ? await openSecondHandle(db) : { db, close: () => Promise.resolve() };
    try {
      const runs: Record<string, string[]> = { a: [], b: [] };
      const handler =
        (name: 'a' | 'b'): JobHandler =>
        async (job) => {
          runs[name]!.push(job.id);
          await sleep(10 + Math.random() * 20);
          return {};
        };
      const ids = await Promise.all(
        Array.from({ length: 20 }, () =>
          enqueueJob({ db }, { teamId, type: 'shared', payload: {} }),
        ),
      );
      startWorker({ shared: handler('a') });
      const other = createJobWorker({
        db: second.db,
        bus,
        log: quietLog,
        handlers: { shared: handler('b') },
        pollMs: 25,
        concurrency: 3,
      });
      workers.push(other);
      other.start();
      await waitFor(async () => {
        const done = await db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('type', '=', 'shared')
          .where('status', '=', 'succeeded')
          .executeTakeFirstOrThrow();
        return Number(done.count) === 20 ? true : undefined;
      });
      const all = [...runs.a!, ...runs.b!];
      expect(all).toHaveLength(20);
      expect(new Set(all)).toEqual(new Set(ids.map((job) => job.id)));
      expect(runs.a!.length).toBeGreaterThan(0);
      expect(runs.b!.length).toBeGreaterThan(0);
    } finally {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
      await second.close();
    }
  });
});

async function openSecondHandle(db: Db) {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  return openPostgresDatabase(rows[0]!.name);
}
