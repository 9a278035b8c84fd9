import { getCampaigns } from '../apps/server/src/modules/campaigns/get-campaigns';
import {
  loadPerformanceFigures,
  recentDays,
} from '../apps/server/src/modules/stats/get-campaign-performance';
import { createFinalIntervalCache } from '../apps/server/src/modules/stats/final-interval-cache';
import { createPerformanceCache } from '../apps/server/src/modules/stats/performance-cache';
import { getStatsCorrection } from '../apps/server/src/modules/teams/get-stats-correction';
import { textElement } from '../apps/server/test/campaign-parts';
import { onEachDatabase, percentile, time, type BenchApp } from './bench-app';

// `npm run bench -- performanceOverview`: the campaign list's figures for a team of 50
// campaigns with 60 days of rollups, against the campaign list call itself (same process), and
// against what a list would cost asking the stats endpoint once per campaign.

const CAMPAIGNS = 50;
const DAYS = 60;
/** One rollup hour in this many: sparse enough to load quickly, dense enough for every day. */
const EVERY_HOURS = 2;
const ROUNDS = 30;
const HOUR = 3_600_000;

interface Shape {
  id: number;
  elements: { id: number; variants: { id: number }[] }[];
  goals: { id: number }[];
}

async function seed({ app, db, slug, headers }: BenchApp): Promise<number> {
  const end = Math.floor(Date.now() / HOUR) * HOUR;
  let rows = 0;
  for (let c = 0; c < CAMPAIGNS; c++) {
    const created = await app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers,
      payload: {
        name: `Campaign ${c}`,
        ingestedUrl: `example.com/page-${c}`,
        elements: [
          textElement(-1, 'h1', ['Grow 3x', 'Grow now']),
          textElement(-2, '#cta', ['Buy']),
        ],
        goals: [
          {
            id: -20,
            isConversionGoal: true,
            event: { type: 2, name: 'buy', elements: [{ id: 'b', label: 'b', selector: '#b' }] },
          },
        ],
      },
    });
    const { id } = created.json<{ id: number }>();
    const campaign = (
      await app.inject({ method: 'GET', url: `/api/team/${slug}/campaign/by-id?id=${id}`, headers })
    ).json<Shape>();
    const goalId = campaign.goals[0]!.id;
    const values = [];
    for (let hour = end - DAYS * 24 * HOUR; hour < end; hour += EVERY_HOURS * HOUR) {
      for (const element of campaign.elements) {
        for (const arm of [0, ...element.variants.map((v) => v.id)]) {
          const at = new Date(hour);
          const base = { campaignId: id, hour: at, elementId: element.id, arm, shard: 0 };
          values.push({ ...base, goalId: 0, exposures: 40, visitors: 30, sessions: 32 });
          values.push({ ...base, goalId, goalSessions: 3, goalVisitors: 2, conversions: 3 });
        }
      }
    }
    for (let i = 0; i < values.length; i += 2000) {
      await db
        .insertInto('rollupsHourly')
        .values(values.slice(i, i + 2000))
        .execute();
    }
    rows += values.length;
  }
  return rows;
}

export async function performanceBench() {
  console.log(
    `\n== campaign performance overview: ${CAMPAIGNS} campaigns, ${DAYS} days of rollups ==`,
  );
  await onEachDatabase(async (bench, kind) => {
    const { app, db, slug, headers } = bench;
    const rows = await seed(bench);
    const teamId = (
      await db.selectFrom('teams').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
    ).id;
    const list = await time(ROUNDS, () =>
      app.inject({ method: 'GET', url: `/api/team/${slug}/campaign/by-team`, headers }),
    );
    const campaigns = await getCampaigns({ db }, { teamId });
    const days = recentDays(Date.now(), 'Europe/Berlin');
    // The verdicts are the stats endpoint's over each campaign's life (issue 29).
    const stats = (finalIntervals = createFinalIntervalCache({ maxRows: 200_000 })) => ({
      db,
      getStatsCorrection: (id: number) => getStatsCorrection({ db }, { teamId: id }),
      finalIntervals,
    });
    const correction = await getStatsCorrection({ db }, { teamId });
    const query = () => ({ teamId, campaigns, days, now: Date.now(), correction });
    // The figures' two reads, every verdict and the domain function, without any cache.
    const uncached = await time(ROUNDS, () =>
      loadPerformanceFigures({ db, cache: createPerformanceCache(), stats: stats() }, query()),
    );
    // Past the 20 s figures: the final days (and final intervals) are kept, the open ones read,
    // and the verdicts of campaigns whose sums did not move kept too.
    const history = { db, cache: createPerformanceCache(), stats: stats() };
    await loadPerformanceFigures(history, query());
    const expired = await time(ROUNDS, () => loadPerformanceFigures(history, query()));
    const url = `/api/team/${slug}/campaign/performance/campaigns?timezone=Europe/Berlin`;
    await app.inject({ method: 'GET', url, headers });
    const cached = await time(ROUNDS, () => app.inject({ method: 'GET', url, headers }));
    // What the list would cost asking the stats endpoint per campaign (all time, by month).
    const perCampaign = await time(3, async () => {
      for (const campaign of campaigns) {
        await app.inject({
          method: 'POST',
          url: `/api/team/${slug}/campaign/stats`,
          headers,
          payload: {
            id: campaign.id,
            range: {
              start: new Date(Date.now() - (DAYS + 1) * 24 * HOUR).toISOString(),
              end: new Date(Date.now() + HOUR).toISOString(),
            },
            timezone: 'Europe/Berlin',
            granularity: 'month',
          },
        });
      }
    });
    const l50 = percentile(list, 50);
    const u50 = percentile(uncached, 50);
    const c50 = percentile(cached, 50);
    const s50 = percentile(perCampaign, 50);
    console.log(
      `[${kind}] ${rows.toLocaleString('en')} rollup rows; campaign list (by-team) p50 ${l50.toFixed(2)} ms`,
    );
    console.log(
      `[${kind}] figures uncached (2 reads and ${CAMPAIGNS} lifetime verdicts): p50 ${u50.toFixed(2)} ms, p95 ${percentile(uncached, 95).toFixed(2)} ms = ${(u50 / l50).toFixed(2)}x the list call`,
    );
    const e50 = percentile(expired, 50);
    console.log(
      `[${kind}] figures after the 20 s expiry (final days kept, open days read): p50 ${e50.toFixed(2)} ms = ${(e50 / l50).toFixed(2)}x the list call`,
    );
    console.log(
      `[${kind}] figures cached (GET): p50 ${c50.toFixed(2)} ms = ${(c50 / l50).toFixed(2)}x the list call`,
    );
    console.log(
      `[${kind}] ${CAMPAIGNS} stats calls instead (one per campaign, all time): p50 ${s50.toFixed(0)} ms = ${(s50 / u50).toFixed(1)}x the uncached figures`,
    );
  });
}
