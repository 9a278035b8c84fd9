import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  createTrackedCampaign,
  postJson,
  streamEvent,
  type TrackedCampaign,
} from '../apps/server/test/collect-load';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';

// Ingestion through the real server process over HTTP, as the tracker sends it: 202 means the
// events are committed, so every counted event is durable. The baseline is the same server's
// no-op endpoint (GET /api/health) under the same concurrency, measured in the same run.

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SENDERS = 8;
const SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 5);
const BUDGET_EVENTS_PER_SECOND = 10_000;

interface Rate {
  requests: number;
  events: number;
  seconds: number;
}

/** Runs `SENDERS` loops of `call` for `seconds`; each call answers how many events it stored. */
async function sustain(seconds: number, call: () => Promise<number>): Promise<Rate> {
  const started = performance.now();
  const end = started + seconds * 1000;
  let requests = 0;
  let events = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (performance.now() < end) {
        // Read after the await: `events += await call()` would lose other senders' counts.
        const stored = await call();
        events += stored;
        requests += 1;
      }
    }),
  );
  return { requests, events, seconds: (performance.now() - started) / 1000 };
}

const perSecond = (count: number, rate: Rate) => count / rate.seconds;

/**
 * CPU seconds (user + system) used so far by each process, from /proc (Linux; empty
 * elsewhere). Unlike events/s, CPU per event hardly moves when other jobs load the machine.
 */
function cpuSeconds(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of proc(5), in USER_HZ (100 on Linux).
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // Gone, or no /proc: not counted.
    }
  }
  return used;
}

/** The CPU the processes used while `run` ran; processes met only at the end count from 0. */
async function cpuDuring<T>(pids: () => Promise<number[]>, run: () => Promise<T>) {
  const before = cpuSeconds(await pids());
  const result = await run();
  const after = cpuSeconds(await pids());
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return { result, seconds };
}
const figure = (value: number) => Math.round(value).toLocaleString('en-US');

async function measure(
  server: ServerProcess,
  campaign: TrackedCampaign,
  kind: string,
  /** The PostgreSQL backends serving the server (none for PGlite: it runs inside it). */
  backends: () => Promise<number[]>,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SENDERS });
  const run = randomBytes(4).toString('hex');
  const now = Date.now();
  let next = 0;
  const batchOf = (size: number) =>
    Array.from({ length: size }, () => streamEvent(campaign, { run, index: next++, now }));
  const collect = (size: number) => async () => {
    const answer = await postJson(agent, `${server.url}/api/collect`, { events: batchOf(size) });
    if (answer.status !== 202) throw new Error(`collect answered ${answer.status} ${answer.body}`);
    // Count what the server says it stored, not what was sent: a duplicate is not a new event.
    return (JSON.parse(answer.body) as { accepted: number }).accepted;
  };
  try {
    await sustain(1, collect(50)); // warm-up: JIT, pool connections, first rollup rows
    const noop = await sustain(SECONDS, async () => {
      const answer = await postJson(agent, `${server.url}/api/health`, undefined, 'GET');
      if (answer.status !== 200) throw new Error(`health answered ${answer.status}`);
      return 0;
    });
    const baseline = perSecond(noop.requests, noop);
    console.log(`[${kind}] no-op GET /api/health: ${figure(baseline)} requests/s (baseline)`);
    const results = new Map<number, number>();
    for (const size of [1, 50]) {
      const serverPids = () =>
        Promise.resolve(server.child.pid === undefined ? [] : [server.child.pid]);
      const {
        result: { result: rate, seconds: databaseSeconds },
        seconds: serverSeconds,
      } = await cpuDuring(serverPids, () =>
        cpuDuring(backends, () => sustain(SECONDS, collect(size))),
      );
      const events = perSecond(rate.events, rate);
      results.set(size, events);
      const perEvent = (seconds: number) => figure((seconds / rate.events) * 1e6);
      console.log(
        `[${kind}] batches of ${size}: ${figure(events)} durable events/s, ` +
          `${figure(perSecond(rate.requests, rate))} requests/s = ` +
          `${(perSecond(rate.requests, rate) / baseline).toFixed(3)}x the no-op's requests/s, ` +
          `events/s = ${(events / baseline).toFixed(2)}x the no-op's requests/s; CPU per event: ` +
          `server ${perEvent(serverSeconds)} µs` +
          (kind === 'postgres' ? ` + PostgreSQL backends ${perEvent(databaseSeconds)} µs` : ''),
      );
    }
    return results;
  } finally {
    agent.destroy();
  }
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `bench_ingest_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function onServer(
  env: Record<string, string>,
  kind: string,
  backends: () => Promise<number[]> = () => Promise.resolve([]),
) {
  const server = await startServerProcess({
    ...env,
    COLLECT_RATE_LIMIT_PER_MINUTE: '1000000',
    COLLECT_BYTES_PER_MINUTE: '1073741824',
    JOB_WORKER: 'false',
  });
  try {
    if (!server.healthy) throw new Error(`server did not start:\n${server.output()}`);
    return await measure(server, await createTrackedCampaign(server.url), kind, backends);
  } finally {
    await server.stop();
  }
}

export async function ingestBench() {
  console.log(
    `\n== Ingestion: POST /api/collect through the server process (${SENDERS} senders, ` +
      `${SECONDS} s each, ${cpus().length} cores) vs its no-op endpoint ==`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-bench-ingest-'));
  try {
    await onServer({ DATA_DIR: dataDir }, 'pglite');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const postgres = await freshPostgres();
  if (!postgres) {
    console.log(`[postgres] skipped: no server at ${POSTGRES_URL}`);
    return;
  }
  const watcher = new pg.Client({ connectionString: postgres.url });
  await watcher.connect();
  const backends = async () =>
    (
      await watcher.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      )
    ).rows.map((row) => row.pid);
  try {
    const results = await onServer({ DATABASE_URL: postgres.url }, 'postgres', backends);
    const sustained = results.get(50) ?? 0;
    console.log(
      `budget: at least ${figure(BUDGET_EVENTS_PER_SECOND)} durable events/s on PostgreSQL with ` +
        `batches of 50: ${figure(sustained)} = ${(sustained / BUDGET_EVENTS_PER_SECOND).toFixed(2)}x ` +
        `the budget (${sustained >= BUDGET_EVENTS_PER_SECOND ? 'met' : 'NOT met'})`,
    );
  } finally {
    await watcher.end();
    await postgres.drop();
  }
}
