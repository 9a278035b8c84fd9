import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { FOLD_AFTER_MS, foldRollupShards } from '../apps/server/src/modules/collect/fold-rollups';
import { percentile, postgresSchema, time, withBenchApp, type BenchApp } from './bench-app';
import { createBenchCampaign, generateCampaignData, type BenchCampaign } from './stats-query-data';
import { callStats, describeTimes, ms, timeBoth, withStatsApps } from './stats-query-timing';
import { metricsOverhead, METRICS_ON } from './stats-query-metrics';
import { countsKey, METRICS, rawScanCounts, type Counts, type StatsCall } from './stats-query-raw';

// Issue 10: the stats query of a campaign with 10 million events (5 elements, each a control
// and 4 variants; 90 days) answered from the rollups, against the same answer scanned from the
// raw events in the same run. Budgets: p95 <= 200 ms on PostgreSQL, <= 300 ms on PGlite.

const HOUR_MS = 3_600_000;
const EVENTS = Number(process.env.BENCH_STATS_EVENTS ?? 10_000_000);
/**
 * PGlite is one WASM process: a million events took it over 2 minutes to generate and its raw
 * scan over 20 (docs/decisions.md, "Stats query bench"). Its answer reads about as many rollup
 * rows at 300k events as at 10 million once the shards are folded.
 */
const PGLITE_EVENTS = Number(process.env.BENCH_STATS_PGLITE_EVENTS ?? 300_000);
/** Raw scans take seconds to minutes: PostgreSQL's p95 of 2 runs is the slower; PGlite runs 1. */
const RAW_RUNS = process.env.BENCH_STATS_RAW_RUNS;
const rawRuns = (kind: string) => Number(RAW_RUNS ?? (kind === 'pglite' ? 1 : 2));
const TIMEZONE = 'Europe/Berlin';
/** `BENCH_STATS_ON=postgres` runs one database only. */
const ON = (process.env.BENCH_STATS_ON ?? 'pglite,postgres').split(',');

interface Answer {
  elements: Record<
    string,
    {
      variants: Record<
        string,
        {
          id: number | 'control';
          timeSeries: {
            values: Record<string, { discrete: Record<(typeof METRICS)[number], number> }>;
          };
        }
      >;
    }
  >;
}

const postStats = async (bench: BenchApp, id: number, call: StatsCall) =>
  (await callStats(bench, id, call)).json<Answer>();

/** The answer's counts in the raw scan's shape; intervals with nothing counted left out. */
function answerCounts(answer: Answer): Counts {
  const counts: Counts = new Map();
  for (const [elementId, element] of Object.entries(answer.elements)) {
    for (const variant of Object.values(element.variants)) {
      const arm = variant.id === 'control' ? 0 : variant.id;
      for (const [start, { discrete }] of Object.entries(variant.timeSeries.values)) {
        if (METRICS.every((metric) => discrete[metric] === 0)) continue;
        const values = Object.fromEntries(METRICS.map((metric) => [metric, discrete[metric]]));
        counts.set(countsKey(Number(elementId), arm, start), values as Record<string, number>);
      }
    }
  }
  return counts;
}

/** Throws unless both hold the same counts, interval by interval and in total per arm. */
function assertSameCounts(label: string, rollups: Counts, raw: Counts) {
  const totals = (counts: Counts) => {
    const byArm = new Map<string, number[]>();
    for (const [key, values] of counts) {
      const arm = key.split('|').slice(0, 2).join('|');
      const sum = byArm.get(arm) ?? METRICS.map(() => 0);
      METRICS.forEach((metric, i) => (sum[i]! += values[metric]));
      byArm.set(arm, sum);
    }
    return byArm;
  };
  const expected = totals(raw);
  for (const [arm, sum] of totals(rollups)) {
    if (JSON.stringify(sum) !== JSON.stringify(expected.get(arm))) {
      throw new Error(
        `${label}: arm ${arm} totals ${sum.join()} != raw ${expected.get(arm)?.join() ?? 'none'}`,
      );
    }
  }
  const keys = new Set([...rollups.keys(), ...raw.keys()]);
  for (const key of keys) {
    const [a, b] = [JSON.stringify(rollups.get(key)), JSON.stringify(raw.get(key))];
    if (a !== b) throw new Error(`${label}: ${key} rollups ${a} != raw ${b}`);
  }
  if (expected.size !== totals(rollups).size) throw new Error(`${label}: arms differ`);
}

/** One exposure of a new visitor through POST /api/collect, then how soon the stats show it. */
async function freshness(bench: BenchApp, campaign: BenchCampaign, asked: StatsCall, kind: string) {
  const [element] = campaign.elements;
  // Up to the end of the hour now, not the one the run started in: a run can outlast it.
  const hourEnd = (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS;
  const call = { ...asked, range: { ...asked.range, end: new Date(hourEnd).toISOString() } };
  const before = answerCounts(await postStats(bench, campaign.id, call));
  const now = Date.now();
  const hour = new Date(Math.floor(now / HOUR_MS) * HOUR_MS).toISOString();
  const key = countsKey(element!.id, element!.variants[0]!, hour);
  const sent = performance.now();
  const collected = await bench.app.inject({
    method: 'POST',
    url: '/api/collect',
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/143.0 Safari/537.36' },
    payload: {
      events: [
        {
          id: randomUUID(),
          campaignId: campaign.id,
          type: 'exposure',
          visitorId: `fresh-${randomUUID()}`,
          sessionId: `fresh-${randomUUID()}`,
          ts: now,
          url: 'https://shop.example.com/landing',
          assignments: { [element!.id]: element!.variants[0]! },
        },
      ],
    },
  });
  if (collected.statusCode !== 202) throw new Error(`collect: ${collected.body}`);
  const stored = performance.now();
  const after = answerCounts(await postStats(bench, campaign.id, call)).get(key);
  const answered = performance.now();
  const was = before.get(key) ?? { views: 0, visitors: 0, sessions: 0 };
  if (
    after?.views !== was.views + 1 ||
    after.visitors !== was.visitors + 1 ||
    after.sessions !== was.sessions + 1
  ) {
    throw new Error(`${kind}: the collected event is not in the next stats answer`);
  }
  console.log(
    `[${kind}] freshness: an exposure collected (202 in ${ms(stored - sent)} ms) is in the very ` +
      `next stats answer, ${ms(answered - sent)} ms after it was sent (budget 60 s: ` +
      `${((answered - sent) / 60_000).toFixed(5)}x)`,
  );
}

const rollupRows = async ({ db }: BenchApp, campaignId: number) =>
  Number(
    (
      await sql<{ n: string }>`
        select count(*) as n from rollups_hourly where campaign_id = ${campaignId}
      `.execute(db)
    ).rows[0]!.n,
  );

/** The rollups as ingestion leaves them (8 shards), then as the server's folding leaves them. */
async function foldShards(
  bench: BenchApp,
  campaign: BenchCampaign,
  [label, call]: [string, StatsCall],
  kind: string,
) {
  const rows = await rollupRows(bench, campaign.id);
  await time(2, () => callStats(bench, campaign.id, call));
  const sharded = await time(5, () => callStats(bench, campaign.id, call));
  const started = performance.now();
  const folded = await foldRollupShards(bench.db, {
    before: new Date(Date.now() - FOLD_AFTER_MS),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `[${kind}] ${rows.toLocaleString('en-US')} hourly rollup rows as batches leave them ` +
      `(${label}: p50 ${ms(percentile(sharded, 50))} ms, 5 runs); the shards of the hours ` +
      `past folded as the server does every 10 minutes: ${folded.toLocaleString('en-US')} ` +
      `rows in ${seconds} s, ${(await rollupRows(bench, campaign.id)).toLocaleString('en-US')} ` +
      `rows left`,
  );
}

/**
 * A scaled-down run's rollups made as dense as they can get: a zero row for every hour, arm and
 * goal key of the range that has none, more rows than 10M events leave (some hours of some
 * arms stay empty even then). Counts are unchanged; the read is at least as large as at 10M.
 */
async function atFullDensity(
  bench: BenchApp,
  campaign: BenchCampaign,
  [label, call]: [string, StatsCall],
  budgetMs: number,
) {
  const before = answerCounts(await postStats(bench, campaign.id, call));
  const added = await sql<{ n: string }>`
    with keys as (
      select distinct element_id, arm from rollups_hourly where campaign_id = ${campaign.id}
    ),
    goals as (
      select distinct goal_id from rollups_hourly where campaign_id = ${campaign.id}
    ),
    inserted as (
      insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard)
      select ${campaign.id}, hour, element_id, arm, goal_id, 0
      from generate_series(${call.range.start}::timestamptz,
        ${call.range.end}::timestamptz - interval '1 hour', interval '1 hour') as hour
      cross join keys cross join goals
      on conflict do nothing
      returning 1
    )
    select count(*) as n from inserted
  `.execute(bench.db);
  assertSameCounts(
    `dense ${label}`,
    answerCounts(await postStats(bench, campaign.id, call)),
    before,
  );
  await withStatsApps(bench, async (apps) => {
    const times = await timeBoth(apps, campaign.id, call);
    console.log(
      `[pglite] ${label} with every hour x arm x goal key present (${Number(added.rows[0]!.n).toLocaleString('en-US')} ` +
        `zero rows added, ${(await rollupRows(bench, campaign.id)).toLocaleString('en-US')} rows: ` +
        `denser than 10M events leave): ${describeTimes(times, budgetMs)}`,
    );
  });
}

async function benchCampaign(bench: BenchApp, kind: string, events: number, budgetMs: number) {
  const campaign = await createBenchCampaign(bench);
  const end = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
  const data = await generateCampaignData(bench.db, campaign, { events, end, kind });
  // Up to the end of the current hour, so the freshness check's event is in range.
  const rangeEnd = new Date(end.getTime() + HOUR_MS).toISOString();
  const calls: [string, StatsCall][] = [
    [
      'day x 90 days',
      {
        range: { start: data.start.toISOString(), end: rangeEnd },
        timezone: TIMEZONE,
        granularity: 'day',
      },
    ],
    [
      'hour x last 7 days',
      {
        range: { start: new Date(end.getTime() - 7 * 86_400_000).toISOString(), end: rangeEnd },
        timezone: TIMEZONE,
        granularity: 'hour',
      },
    ],
  ];
  await foldShards(bench, campaign, calls[0]!, kind);
  await withStatsApps(bench, async ([cached, uncached]) => {
    for (const [label, call] of calls) {
      const times = await timeBoth([cached, uncached], campaign.id, call);
      let raw: Counts | undefined;
      const rawSamples = await time(rawRuns(kind), async () => {
        raw = await rawScanCounts(bench.db, campaign, call);
      });
      for (const app of [cached, uncached]) {
        assertSameCounts(
          `${kind} ${label}`,
          answerCounts(await postStats(app, campaign.id, call)),
          raw!,
        );
      }
      const rawP95 = percentile(rawSamples, 95);
      console.log(
        `[${kind}] ${label}, ${TIMEZONE}: ${describeTimes(times, budgetMs)}; raw-event scan p95 ` +
          `${ms(rawP95)} ms (${rawRuns(kind)} runs): rollups = ` +
          `${(percentile(times.uncached, 95) / rawP95).toFixed(4)}x the scan uncached, ` +
          `${(percentile(times.cached, 95) / rawP95).toFixed(4)}x cached; same counts ` +
          `(${raw!.size} element x arm x interval cells)`,
      );
    }
  });
  if (METRICS_ON.includes(kind)) await metricsOverhead(bench, campaign, calls[0]!, kind);
  await freshness(bench, campaign, calls[1]![1], kind);
  if (events < EVENTS) await atFullDensity(bench, campaign, calls[0]!, budgetMs);
}

export async function statsQueryBench() {
  console.log(
    `\n== Stats query: POST /api/team/{team}/campaign/stats from the rollups vs a raw-event ` +
      `scan, 5 elements x (control + 4 variants), funnel of 2 goals, 90 days ==`,
  );
  if (ON.includes('pglite')) await onPglite();
  if (ON.includes('postgres')) await onPostgres();
}

async function onPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-bench-stats-'));
  try {
    if (PGLITE_EVENTS < EVENTS) {
      console.log(
        `[pglite] SCALED: ${PGLITE_EVENTS.toLocaleString('en-US')} events, not ` +
          `${EVENTS.toLocaleString('en-US')}`,
      );
    }
    await withBenchApp({ kind: 'pglite', dataDir }, (bench) =>
      benchCampaign(bench, 'pglite', Math.min(PGLITE_EVENTS, EVENTS), 300),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const postgres = await postgresSchema();
  if (!postgres) {
    console.log('[postgres] skipped: no server');
    return;
  }
  await withBenchApp(postgres, (bench) => benchCampaign(bench, 'postgres', EVENTS, 200));
}
