import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  createOwnedCampaign,
  streamEvent,
  type TrackedCampaign,
} from '../apps/server/test/collect-load';
import { createSharedDatabase, startHealthyServer } from '../apps/server/test/shared-processes';
import type { ServerProcess } from '../apps/server/test/server-process';
// @ts-expect-error -- plain .mjs script shared with `npm start`
import { buildServerIfStale } from '../scripts/build-server.mjs';
import { residentMb, watchResident } from './process-memory';

// Issue #14: /api/collect and the stats endpoint under concurrent load (autocannon, loopback),
// one server process against `--cluster` with 3 workers on the same PostgreSQL and Redis. The
// 3-process figures are printed as ratios of the 1-process ones measured in the same run. A
// third run puts the same load on the embedded default (PGlite, no Redis), and each single
// process's resident memory is printed idle and at its peak under the load (issue 35).

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
/** Each run also stops at this many requests, so a fast machine cannot run away. */
const MAX_REQUESTS = 20_000;
const CONNECTIONS = 50;
const EVENTS_PER_REQUEST = 10;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/143.0 Safari/537.36';

/** A user, their team and a funnel campaign, all made through the API as a customer would. */
type Seeded = Awaited<ReturnType<typeof createOwnedCampaign>>;

interface Load {
  requestsPerSecond: number;
  p99: number;
  requests: number;
  /** Sent but not answered: cut off when the run ended, their events may still be stored. */
  unanswered: number;
  non2xx: string;
}

async function cannon(options: autocannon.Options, seconds = SECONDS): Promise<Load> {
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: seconds,
    maxOverallRequests: MAX_REQUESTS,
    ...options,
  });
  const codes = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count ?? 0}x ${code}`);
  if (result.errors) codes.push(`${result.errors} connection errors`);
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    requests: result['2xx'],
    unanswered: result.requests.sent - result.requests.total,
    non2xx: codes.join(', '),
  };
}

/** Tracker batches with fresh event ids per request; sums what the server acknowledged. */
async function collectLoad(server: ServerProcess, campaign: TrackedCampaign, seconds?: number) {
  const run = randomBytes(4).toString('hex');
  const now = Date.now();
  let next = 0;
  let acknowledged = 0;
  const load = await cannon(
    {
      url: `${server.url}/api/collect`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              events: Array.from({ length: EVENTS_PER_REQUEST }, () =>
                streamEvent(campaign, { run, index: next++, now }),
              ),
            }),
          }),
          onResponse: (status, body) => {
            if (status === 202) acknowledged += (JSON.parse(body) as { accepted: number }).accepted;
          },
        },
      ],
    },
    seconds,
  );
  return { ...load, acknowledged };
}

function statsLoad(server: ServerProcess, { accessToken: token, slug, campaign }: Seeded) {
  const day = 86_400_000;
  return cannon({
    url: `${server.url}/api/team/${slug}/campaign/stats`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      id: campaign.id,
      range: {
        start: new Date(Date.now() - 7 * day).toISOString(),
        end: new Date(Date.now() + day).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    }),
  });
}

const figure = (value: number) => Math.round(value).toLocaleString('en-US');

function describe(label: string, load: Load) {
  const refused = load.non2xx ? `; NOT 2xx: ${load.non2xx}` : '';
  return `${label}: ${figure(load.requestsPerSecond)} requests/s, p99 ${load.p99} ms (${figure(load.requests)} answered 2xx${refused})`;
}

/** Events of the campaign in the database; PGlite's is inside the server, so: unknown. */
async function storedEvents(client: pg.Client | undefined, campaignId: number) {
  if (!client) return undefined;
  const { rows } = await client.query<{ stored: number }>(
    'select count(*)::int as stored from events where campaign_id = $1',
    [campaignId],
  );
  return rows[0]?.stored ?? 0;
}

/** One configuration: a fresh team and campaign, collect load, then stats load on its data. */
async function measure(
  name: string,
  env: Record<string, string>,
  { args = [], client }: { args?: string[]; client?: pg.Client } = {},
) {
  const server = await startHealthyServer(
    { COLLECT_RATE_LIMIT_PER_MINUTE: '1000000', COLLECT_BYTES_PER_MINUTE: '1073741824', ...env },
    // The bundle `npm start` runs, so the memory figures are a real installation's.
    { args, compiled: true },
  );
  try {
    // A settled start: the job worker's first round and the first collections are done.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idleMb = residentMb(server.child.pid!);
    const peakMb = watchResident(server.child.pid!);
    const seeded = await createOwnedCampaign(server.url);
    const warmUp = await collectLoad(server, seeded.campaign, 1);
    const collect = await collectLoad(server, seeded.campaign);
    const acknowledged = warmUp.acknowledged + collect.acknowledged;
    const stored = await storedEvents(client, seeded.campaign.id);
    // Requests cut off at the end were never acknowledged, yet may have been committed.
    const cutOff = (warmUp.unanswered + collect.unanswered) * EVENTS_PER_REQUEST;
    const intact =
      stored === undefined || (stored >= acknowledged && stored <= acknowledged + cutOff);
    if (!intact) process.exitCode = 1;
    const stats = await statsLoad(server, seeded);
    const peak = peakMb();
    console.log(
      `[${name}] ${describe(`POST /api/collect (${EVENTS_PER_REQUEST} events each)`, collect)}`,
    );
    console.log(
      stored === undefined
        ? `[${name}] acknowledged ${figure(acknowledged)} events`
        : `[${name}] acknowledged ${figure(acknowledged)} events, stored ${figure(stored)} ` +
            `(up to ${figure(cutOff)} more from requests cut off unanswered at the end): ` +
            (intact ? 'no acknowledged event lost' : 'MISMATCH'),
    );
    console.log(`[${name}] ${describe('POST /api/team/{team}/campaign/stats', stats)}`);
    // With --cluster the process watched is the primary, which serves nothing.
    if (args.length === 0) {
      console.log(
        `[${name}] resident memory (VmRSS): ${figure(idleMb)} MB idle, ${figure(peak)} MB at ` +
          `the peak under load (target on PGlite: <= 350 and <= 500)`,
      );
    }
    return { collect, stats };
  } finally {
    await server.stop();
  }
}

/** The embedded default under the same load: one process, PGlite in a fresh data folder. */
async function measureEmbedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-load-'));
  try {
    await measure('1 process, PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function loadBench(): Promise<void> {
  console.log(
    `\n== Load: autocannon on loopback, ${CONNECTIONS} connections, ${SECONDS} s or ` +
      `${figure(MAX_REQUESTS)} requests per run, 1 process vs --cluster with 3 ` +
      `(PostgreSQL + Redis, ${cpus().length} cores), then 1 process on embedded PGlite ==`,
  );
  await (buildServerIfStale as () => Promise<boolean>)();
  await measurePostgres();
  await measureEmbedded();
}

async function measurePostgres() {
  let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
  try {
    shared = await createSharedDatabase();
  } catch (error) {
    console.log(`skipped: no PostgreSQL (${(error as Error).message})`);
    return;
  }
  const client = new pg.Client({ connectionString: shared.url });
  try {
    await client.connect();
    const env = {
      DATABASE_URL: shared.url,
      REDIS_URL,
      REDIS_KEY_PREFIX: `bench-load-${randomBytes(3).toString('hex')}:`,
    };
    const one = await measure('1 process', env, { client });
    const three = await measure(
      '3 processes',
      { ...env, CLUSTER_WORKERS: '3' },
      { args: ['--cluster'], client },
    );
    const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `${(a / b).toFixed(2)}x`);
    for (const [label, key] of [
      ['collect', 'collect'],
      ['stats', 'stats'],
    ] as const) {
      console.log(
        `3 processes / 1 process, ${label}: requests/s ${ratio(three[key].requestsPerSecond, one[key].requestsPerSecond)}, ` +
          `p99 ${ratio(three[key].p99, one[key].p99)}`,
      );
    }
  } finally {
    await client.end().catch(() => undefined);
    await shared.drop();
  }
}
