import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { percentile, time, type BenchApp } from './bench-app';
import type { StatsCall } from './stats-query-raw';

// How the stats query bench times its calls: each on an app whose cache of final days starts
// empty and on one keeping none, so both the usual and a process's first call are measured.

const RUNS = 20;
export const ms = (value: number) => value.toFixed(1);

/** The answer as sent; parsing it is the client's work, so the timed calls leave it out. */
export async function callStats({ app, slug, headers }: BenchApp, id: number, call: StatsCall) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/team/${slug}/campaign/stats`,
    headers,
    payload: { id, ...call },
  });
  if (response.statusCode !== 200) {
    throw new Error(`stats: ${response.statusCode} ${response.body}`);
  }
  return response;
}

/**
 * Another app on the same database keeping `cacheRows` rows of final hours: 0 reads every
 * interval from the rollups, as on a process's first call for a campaign.
 */
async function withStatsApp(
  bench: BenchApp,
  cacheRows: number,
  run: (app: BenchApp) => Promise<void>,
) {
  const { app } = await buildApp({
    config: testConfig({ STATS_CACHE_ROWS: cacheRows, JOB_WORKER: false }),
    db: bench.db,
  });
  try {
    await run({ ...bench, app });
  } finally {
    await app.close();
  }
}

/** A fresh app with the default cache and one keeping nothing. */
export const withStatsApps = (
  bench: BenchApp,
  run: (apps: [BenchApp, BenchApp]) => Promise<void>,
) =>
  withStatsApp(bench, testConfig().STATS_CACHE_ROWS, (cached) =>
    withStatsApp(bench, 0, (uncached) => run([cached, uncached])),
  );

const verdict = (p95: number, budgetMs: number) =>
  `${(p95 / budgetMs).toFixed(2)}x the ${budgetMs} ms budget (${p95 <= budgetMs ? 'met' : 'NOT met'})`;

export interface Timed {
  /** Final days from the process's cache, the open hours and the partial first day read. */
  cached: number[];
  /** Every interval read from the rollups. */
  uncached: number[];
  /** The cached app's first call, before it held any interval. */
  first: number;
}

/** The same call timed on both apps; the cached one starts empty. */
export async function timeBoth(
  [cached, uncached]: [BenchApp, BenchApp],
  campaignId: number,
  call: StatsCall,
): Promise<Timed> {
  const [first] = await time(1, () => callStats(cached, campaignId, call));
  await time(2, () => callStats(cached, campaignId, call));
  await time(3, () => callStats(uncached, campaignId, call));
  return {
    first: first!,
    cached: await time(RUNS, () => callStats(cached, campaignId, call)),
    uncached: await time(RUNS, () => callStats(uncached, campaignId, call)),
  };
}

export const describeTimes = ({ cached, uncached, first }: Timed, budgetMs: number) =>
  `final days cached p50 ${ms(percentile(cached, 50))} ms, p95 ${ms(percentile(cached, 95))} ms ` +
  `(${RUNS} runs) = ${verdict(percentile(cached, 95), budgetMs)}; every interval from the ` +
  `rollups (a process's first call) p50 ${ms(percentile(uncached, 50))} ms, p95 ` +
  `${ms(percentile(uncached, 95))} ms = ${verdict(percentile(uncached, 95), budgetMs)}; first ` +
  `call of a fresh cache ${ms(first)} ms`;
