/**
 * The production server compiled (`npm start`: node apps/server/dist/main.mjs) against the same
 * sources run through tsx: time from spawn to the first 200 of /api/health, and the server
 * process's resident memory after start and after one screenshot. One migrated PGlite data
 * folder serves every run; the two kinds take turns. Alone: `npx tsx bench/start-bench.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test/server-process';
// @ts-expect-error -- plain .mjs script shared with `npm start`
import { buildServerIfStale, serverOutfile } from '../scripts/build-server.mjs';
import { startFixtureServer } from '../e2e/support/fixture-server';

const RUNS = 5;
const SETTLE_MS = 1000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KINDS = {
  compiled: ['--enable-source-maps', serverOutfile as string],
  tsx: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
};
type Kind = keyof typeof KINDS;
const ACCOUNT = { email: 'start-bench@example.com', password: 'start-bench-1', realName: 'Bench' };

interface Running {
  child: ChildProcess;
  origin: string;
  startMs: number;
}
interface Sample {
  startMs: number;
  rssStartMb: number;
  rssShotMb: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of one process, from /proc (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

async function start(kind: Kind, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, KINDS[kind], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind} server exited with ${child.exitCode}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, origin, startMs: performance.now() - started };
    if (performance.now() - started > 60_000) throw new Error(`${kind} server never answered`);
    await sleep(5);
  }
}

async function stop({ child }: Running): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function api<T>(origin: string, url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${origin}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signIn(origin: string) {
  const { accessToken } = await api<{ accessToken: string }>(origin, '/api/auth/sign-in', {
    method: 'POST',
    body: JSON.stringify(ACCOUNT),
  });
  return { authorization: `Bearer ${accessToken}` };
}

async function screenshot(origin: string, pageUrl: string): Promise<void> {
  const headers = await signIn(origin);
  const query = `url=${encodeURIComponent(pageUrl)}`;
  const { jobId } = await api<{ jobId: string }>(
    origin,
    `/api/team/start-bench/campaign/screenshot?${query}`,
    { headers },
  );
  for (;;) {
    const job = await api<{ status: string; error: string | null }>(
      origin,
      `/api/team/start-bench/jobs/by-id?id=${jobId}`,
      { headers },
    );
    if (job.status === 'succeeded') return;
    if (job.status === 'failed') throw new Error(`screenshot failed: ${job.error}`);
    await sleep(20);
  }
}

/** Migrates the data folder and creates the account and team every run signs in to. */
async function prepare(env: Record<string, string>): Promise<void> {
  const server = await start('compiled', env);
  await api(server.origin, '/api/user/register', { method: 'POST', body: JSON.stringify(ACCOUNT) });
  const headers = await signIn(server.origin);
  await api(server.origin, '/api/teams', {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Start Bench' }),
  });
  await stop(server);
}

async function sample(kind: Kind, env: Record<string, string>, pageUrl: string): Promise<Sample> {
  const server = await start(kind, env);
  try {
    await sleep(SETTLE_MS);
    const rssStartMb = rssMb(server.child.pid!);
    await screenshot(server.origin, pageUrl);
    await sleep(SETTLE_MS);
    return { startMs: server.startMs, rssStartMb, rssShotMb: rssMb(server.child.pid!) };
  } finally {
    await stop(server);
  }
}

function report(samples: Record<Kind, Sample[]>): void {
  const row = (label: string, unit: string, pick: (s: Sample) => number) => {
    const compiled = median(samples.compiled.map(pick));
    const tsx = median(samples.tsx.map(pick));
    console.log(
      `${label}: compiled ${compiled.toFixed(0)} ${unit} vs tsx ${tsx.toFixed(0)} ${unit} = ${(compiled / tsx).toFixed(2)}x`,
    );
  };
  row('start (spawn to /api/health 200)', 'ms', (s) => s.startMs);
  row('RSS after start', 'MB', (s) => s.rssStartMb);
  row('RSS after one screenshot', 'MB', (s) => s.rssShotMb);
}

export async function startBench(): Promise<void> {
  console.log(`\n== server start: compiled bundle vs tsx (median of ${RUNS}, migrated PGlite) ==`);
  await (buildServerIfStale as () => Promise<boolean>)();
  const fixtures = await startFixtureServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-start-bench-'));
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    PREVIEW_ALLOW_HOSTS: 'fixtures.localhost',
  };
  const pageUrl = `http://fixtures.localhost:${new URL(fixtures.origin).port}/saas-landing.html`;
  try {
    await prepare(env);
    // One run of each warms the disk cache and tsx's transform cache; it is not counted.
    for (const kind of ['tsx', 'compiled'] as const) await sample(kind, env, pageUrl);
    const samples: Record<Kind, Sample[]> = { compiled: [], tsx: [] };
    for (let run = 0; run < RUNS; run++) {
      const order: Kind[] = run % 2 === 0 ? ['compiled', 'tsx'] : ['tsx', 'compiled'];
      for (const kind of order) samples[kind].push(await sample(kind, env, pageUrl));
    }
    report(samples);
  } finally {
    await fixtures.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await startBench();
