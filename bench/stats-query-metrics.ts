import { sql } from 'kysely';
import { clickGoal } from '../apps/server/test/campaign-parts';
import { percentile, type BenchApp } from './bench-app';
import type { BenchCampaign } from './stats-query-data';
import type { StatsCall } from './stats-query-raw';
import { ms, timeBoth, withStatsApps, type Timed } from './stats-query-timing';

// Issue 29: what more metrics cost the stats endpoint. The bench campaign as generated has one
// metric, its conversion goal (today's baseline); then the same campaign, in the same process,
// with a secondary and a guardrail goal besides it (each with as many rollup rows as the
// signup goal: every hour, arm and shard where signups were counted), then with a mean metric
// too. Budget: three metrics within 1.2x the baseline's p95.

const BUDGET_RATIO = 1.2;
/** `BENCH_STATS_METRICS_ON=pglite,postgres`: PGlite's dense run would read the new goals too. */
export const METRICS_ON = (process.env.BENCH_STATS_METRICS_ON ?? 'postgres').split(',');

interface MetricSet {
  label: string;
  /** What the campaign's save body gets besides what it has. */
  more: (campaign: SavedCampaign) => Partial<SavedCampaign>;
  /** Rollup rows for the new goals, from the bench's own (goal id -> copied from goal id). */
  copyGoals?: (saved: SavedCampaign, bench: BenchCampaign) => [number, number][];
}

interface SavedCampaign {
  goals: { id: number; event: { name: string }; metricRole?: string | null }[];
  extraMetrics?: unknown[];
  [field: string]: unknown;
}

const goalNamed = (campaign: SavedCampaign, name: string) =>
  campaign.goals.find((goal) => goal.event.name === name)!.id;

/** The sets measured after the baseline, each adding to the one before. */
const METRIC_SETS: MetricSet[] = [
  {
    label: 'primary + secondary + guardrail goals',
    more: (campaign) => ({
      goals: [
        ...campaign.goals,
        { ...clickGoal(-31, 'newsletter'), metricRole: 'secondary' },
        { ...clickGoal(-32, 'refund'), metricRole: 'guardrail', lowerIsBetter: true },
      ] as SavedCampaign['goals'],
    }),
    copyGoals: (saved, bench) => [
      [goalNamed(saved, 'newsletter'), bench.signup],
      [goalNamed(saved, 'refund'), bench.signup],
    ],
  },
  // The revenue-per-visitor mean metric (another engineer's): the generated rollups carry
  // revenue but not its squares, so the figure times the read, not the estimate.
  {
    label: '+ revenue per visitor (mean)',
    more: () => ({ extraMetrics: [{ kind: 'revenue_per_visitor', role: 'secondary' }] }),
  },
];

async function readCampaign({ app, slug, headers }: BenchApp, id: number) {
  const read = await app.inject({
    method: 'GET',
    url: `/api/team/${slug}/campaign/by-id?id=${id}`,
    headers,
  });
  return read.json<SavedCampaign>();
}

/** Saves the set's changes, then copies rollup rows for its new goals. */
async function applySet(bench: BenchApp, campaign: BenchCampaign, set: MetricSet) {
  const current = await readCampaign(bench, campaign.id);
  const saved = await bench.app.inject({
    method: 'POST',
    url: `/api/team/${bench.slug}/campaign/save`,
    headers: bench.headers,
    payload: { ...current, ...set.more(current), id: campaign.id },
  });
  if (saved.statusCode !== 200) throw new Error(`save ${set.label}: ${saved.body}`);
  const after = saved.json<SavedCampaign>();
  for (const [goalId, from] of set.copyGoals?.(after, campaign) ?? []) {
    await sql`
      insert into rollups_hourly (campaign_id, hour, element_id, arm, goal_id, shard,
        goal_sessions, conversions, goal_visitors)
      select campaign_id, hour, element_id, arm, ${goalId}, shard, goal_sessions, 0,
        goal_visitors
      from rollups_hourly where campaign_id = ${campaign.id} and goal_id = ${from}
    `.execute(bench.db);
  }
  await sql`analyze rollups_hourly`.execute(bench.db);
}

const p95s = (times: Timed) => ({
  cached: percentile(times.cached, 95),
  uncached: percentile(times.uncached, 95),
});

function describeRatio(label: string, times: Timed, base: Timed) {
  const now = p95s(times);
  const before = p95s(base);
  const ratio = (mode: 'cached' | 'uncached') => now[mode] / before[mode];
  const worst = Math.max(ratio('cached'), ratio('uncached'));
  return (
    `${label}: p95 ${ms(now.cached)} ms final days cached = ${ratio('cached').toFixed(2)}x the ` +
    `baseline, ${ms(now.uncached)} ms every interval from the rollups = ` +
    `${ratio('uncached').toFixed(2)}x (budget ${BUDGET_RATIO}x: ` +
    `${worst <= BUDGET_RATIO ? 'met' : 'NOT met'})`
  );
}

/** The stats call `call` with one metric, then with each set of METRIC_SETS, as ratios. */
export async function metricsOverhead(
  bench: BenchApp,
  campaign: BenchCampaign,
  [label, call]: [string, StatsCall],
  kind: string,
) {
  const measure = async () => {
    let timed: Timed | undefined;
    await withStatsApps(bench, async (apps) => {
      timed = await timeBoth(apps, campaign.id, call);
    });
    return timed!;
  };
  const base = await measure();
  const baseP95 = p95s(base);
  console.log(
    `[${kind}] metrics, ${label}: baseline (one conversion metric) p95 ${ms(baseP95.cached)} ms ` +
      `final days cached, ${ms(baseP95.uncached)} ms every interval from the rollups`,
  );
  for (const set of METRIC_SETS) {
    try {
      await applySet(bench, campaign, set);
    } catch (error) {
      console.log(`[${kind}] metrics, ${set.label}: skipped (${String(error)})`);
      continue;
    }
    console.log(`[${kind}] metrics, ${describeRatio(set.label, await measure(), base)}`);
  }
}
