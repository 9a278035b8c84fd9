import { randomUUID } from 'node:crypto';
import {
  NOT_ENOUGH_DATA_VIEWS,
  PERFORMANCE_RECENT_DAYS,
  type CampaignPerformance,
  type CampaignStats,
} from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { funnelCampaign } from '../../../test/campaign-parts';
import {
  createStatsCampaign,
  insertRollups,
  postStats,
  type Stats,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';
import { lifetimeRange } from './campaign-verdicts';
import { getCampaigns } from '../campaigns/get-campaigns';
import { createFinalIntervalCache } from './final-interval-cache';
import { loadPerformanceFigures, recentDays } from './get-campaign-performance';
import { createPerformanceCache } from './performance-cache';
import { ROLLUP_SHARDS } from '../collect/rollup-plan';

// The campaign list's figures from events posted to the collector, checked against what the
// per-campaign stats endpoint answers for the same hours.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const ZONE = 'Europe/Berlin';

interface Shape {
  campaignId: number;
  headline: { id: number; a: number; b: number };
  button: { id: number; v: number };
  signup: number;
  purchase: number;
}

describeEachDatabase('campaign performance overview', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let f: StatsFixture;
  let second: Shape;
  let emptyId: number;
  const now = Date.now();

  const collect = async (events: unknown[]) => {
    for (let i = 0; i < events.length; i += 100) {
      const response = await t.current.app.inject({
        method: 'POST',
        url: '/api/collect',
        headers: { 'user-agent': BROWSER },
        payload: { events: events.slice(i, i + 100) },
      });
      expect(response.statusCode, response.body).toBe(202);
    }
  };

  /**
   * `visitors` visitors of `shape`, spread over the headline's arms (control, a, b) and the
   * button's (control, v); `converts(i, arm)` says who purchases, every third visitor signs
   * up only (a goal that is not the conversion goal).
   */
  const traffic = (
    shape: Shape,
    {
      visitors,
      at,
      converts,
    }: { visitors: number; at: number; converts: (i: number, arm: number) => boolean },
  ) =>
    Array.from({ length: visitors }, (_, i) => {
      const visitorId = `${shape.campaignId}-${at}-${i}`;
      const arm = i % 3;
      const event = (ts: number) => ({
        id: randomUUID(),
        campaignId: shape.campaignId,
        visitorId,
        sessionId: `${visitorId}-s`,
        ts,
        url: 'https://shop.example.com/landing',
      });
      const headlineArm = [null, shape.headline.a, shape.headline.b][arm]!;
      const exposure = {
        ...event(at),
        type: 'exposure',
        assignments: {
          [shape.headline.id]: headlineArm ?? 'control',
          [shape.button.id]: i % 2 ? shape.button.v : 'control',
        },
        applied: { [shape.headline.id]: 30, [shape.button.id]: 30 },
      };
      const goals = converts(i, arm)
        ? [
            { ...event(at + 1000), type: 'goal', goalId: shape.signup },
            { ...event(at + 2000), type: 'goal', goalId: shape.purchase },
          ]
        : i % 3 === 0
          ? [{ ...event(at + 1000), type: 'goal', goalId: shape.signup }]
          : [];
      return [exposure, ...goals];
    }).flat();

  const performance = async (timezone = ZONE, slug = f.slug, owner = f.owner) => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/performance/campaigns?timezone=${encodeURIComponent(timezone)}`,
      headers: bearer(owner),
    });
    return response;
  };
  const figuresOf = async (timezone = ZONE) => {
    const response = await performance(timezone);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<CampaignPerformance[]>();
    return (id: number) => list.find((campaign) => campaign.id === id)!;
  };
  const stats = async (campaignId: number, start: number, end: number, granularity: string) => {
    const response = await postStats(t.current, f, {
      id: campaignId,
      range: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
      timezone: ZONE,
      granularity,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Stats>();
  };

  /** What the stats endpoint says over all time and over the last 30 days of ZONE. */
  async function expectedFigures(campaignId: number) {
    const allTime = await stats(campaignId, now - 60 * DAY, now + HOUR, 'month');
    // The verdicts: the endpoint's answer over the campaign's life, from the hour it was made.
    const created = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${f.slug}/campaign/by-id?id=${campaignId}`,
      headers: bearer(f.owner),
    });
    const life = lifetimeRange(created.json<{ createdAt: string }>(), Date.now());
    const lifetime = (await stats(
      campaignId,
      life.start.getTime(),
      life.end.getTime(),
      'month',
    )) as unknown as CampaignStats;
    const days = recentDays(Date.now(), ZONE);
    const recent = await stats(campaignId, days[0]!.start, days.at(-1)!.end, 'day');
    // The list speaks for the element with the most views of all time (the first on a tie).
    const elements = Object.values(allTime.elements);
    const viewsOf = (element: (typeof elements)[number]) =>
      Object.values(element.variants).reduce((sum, v) => sum + v.overall.cumulative.views, 0);
    const leadId = elements.reduce<(typeof elements)[number] | null>(
      (top, element) => (!top || viewsOf(element) > viewsOf(top) ? element : top),
      null,
    )?.id;
    const lead = leadId === undefined ? null : lifetime.elements[String(leadId)]!;
    const primary = lifetime.metrics.find((metric) => metric.role === 'primary')?.id;
    const named = lead?.comparisons.find(
      (c) => c.variantId === lead.verdict.variantId && c.metricId === primary,
    );
    const { views, conversions, rawConversionsPerView } = allTime.overall.cumulative;
    return {
      views,
      conversions,
      conversionRate: rawConversionsPerView.value,
      verdict: lead && {
        ...lead.verdict,
        elementId: lead.id,
        uplift:
          named && named.estimate !== null
            ? { estimate: named.estimate, interval: named.interval, level: named.level }
            : null,
      },
      enoughData: views >= NOT_ENOUGH_DATA_VIEWS,
      last30Days: {
        views: recent.overall.cumulative.views,
        conversions: recent.overall.cumulative.conversions,
        daily: Object.values(recent.timeSeries.values).map((modes) => modes.discrete.conversions),
      },
    };
  }

  async function createCampaign(payload: object) {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${f.slug}/campaign/create`,
      headers: bearer(f.owner),
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  }

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Performance');
    const secondId = await createCampaign(funnelCampaign('Quiet one'));
    const read = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${f.slug}/campaign/by-id?id=${secondId}`,
      headers: bearer(f.owner),
    });
    const campaign = read.json<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number }[];
    }>();
    const [h, b] = campaign.elements;
    second = {
      campaignId: secondId,
      headline: { id: h!.id, a: h!.variants[0]!.id, b: h!.variants[1]!.id },
      button: { id: b!.id, v: b!.variants[0]!.id },
      signup: campaign.goals[0]!.id,
      purchase: campaign.goals[1]!.id,
    };
    emptyId = await createCampaign({ name: 'Nothing yet', ingestedUrl: 'shop.example.com' });

    // Variant a converts best, b worst; yesterday's and today's visits.
    const converts = (i: number, arm: number) => i % [6, 2, 12][arm]! === 0;
    await collect([
      ...traffic(f, { visitors: 90, at: now - 20 * HOUR, converts }),
      ...traffic(f, { visitors: 60, at: now - 60_000, converts }),
      ...traffic(second, { visitors: 12, at: now - 60_000, converts: (i) => i % 4 === 1 }),
    ]);
    // Older than the collector takes (a day): rollups 45 days back, outside the last 30 days,
    // and 10 days back, inside them (a final day: the server keeps such days' sums).
    const tenDaysBack = new Date(Math.floor((now - 10 * DAY) / HOUR) * HOUR).toISOString();
    await insertRollups(t.current, f.campaignId, [
      {
        hour: tenDaysBack,
        elementId: f.headline.id,
        arm: f.headline.b,
        exposures: 10,
        visitors: 10,
      },
      {
        hour: tenDaysBack,
        elementId: f.headline.id,
        arm: f.headline.b,
        goalId: f.purchase,
        goalSessions: 2,
        goalVisitors: 2,
        conversions: 2,
      },
      {
        hour: new Date(Math.floor((now - 45 * DAY) / HOUR) * HOUR).toISOString(),
        elementId: f.headline.id,
        arm: 0,
        exposures: 20,
        visitors: 20,
        sessions: 20,
      },
      {
        hour: new Date(Math.floor((now - 45 * DAY) / HOUR) * HOUR).toISOString(),
        elementId: f.headline.id,
        arm: 0,
        goalId: f.purchase,
        goalSessions: 4,
        goalVisitors: 4,
        conversions: 4,
      },
    ]);
  });

  it('answers what the stats endpoint says for every campaign of the team', async () => {
    const figures = await figuresOf();
    const busy = figures(f.campaignId);
    expect(busy).toEqual({
      id: f.campaignId,
      name: 'Performance',
      isEnabled: expect.any(Boolean) as boolean,
      ...(await expectedFigures(f.campaignId)),
    });
    // The figures themselves, so the comparison cannot pass on two empty answers.
    expect(busy.views).toBe(20 + 10 + 150);
    expect(busy.last30Days.views).toBe(10 + 150);
    expect(busy.last30Days.daily.filter((day) => day > 0).length).toBeGreaterThanOrEqual(2);
    expect(busy.conversions - busy.last30Days.conversions).toBe(4);
    expect(busy.enoughData).toBe(true);
    // Below the minimum sample (100 visitors an arm) nothing is claimed: the stats verdict.
    expect(busy.verdict).toMatchObject({
      elementId: f.headline.id,
      state: 'not_enough_data',
      variantId: null,
      uplift: null,
    });
    expect(busy.last30Days.daily).toHaveLength(PERFORMANCE_RECENT_DAYS);
    expect(busy.last30Days.daily.reduce((sum, day) => sum + day, 0)).toBe(
      busy.last30Days.conversions,
    );

    const quiet = figures(second.campaignId);
    expect(quiet).toEqual({
      id: second.campaignId,
      name: 'Quiet one',
      isEnabled: expect.any(Boolean) as boolean,
      ...(await expectedFigures(second.campaignId)),
    });
    expect(quiet).toMatchObject({ views: 12, conversions: 3, enoughData: false });

    expect(figures(emptyId)).toMatchObject({
      name: 'Nothing yet',
      views: 0,
      conversions: 0,
      conversionRate: 0,
      verdict: null,
      enoughData: false,
      last30Days: { views: 0, conversions: 0 },
    });
  });

  it('answers the cached figures for a short while, and new ones once a campaign is added', async () => {
    const before = (await figuresOf())(second.campaignId);
    await collect(traffic(second, { visitors: 3, at: now - 30_000, converts: () => true }));
    expect((await figuresOf())(second.campaignId)).toEqual(before);
    const addedId = await createCampaign({ name: 'Added later', ingestedUrl: 'shop.example.com' });
    const after = await figuresOf();
    expect(after(addedId)).toMatchObject({ name: 'Added later', views: 0 });
    expect(after(second.campaignId)).toMatchObject({ views: 15, conversions: 6 });
  });

  it("works a campaign's verdict out again only when its sums or settings moved", async () => {
    const { db } = t.current.services;
    const teamId = (
      await db.selectFrom('teams').select('id').where('slug', '=', f.slug).executeTakeFirstOrThrow()
    ).id;
    const cache = createPerformanceCache();
    const load = async () =>
      loadPerformanceFigures(
        {
          db,
          cache,
          stats: {
            db,
            getStatsCorrection: () => Promise.resolve('holm' as const),
            finalIntervals: createFinalIntervalCache({ maxRows: 10_000 }),
          },
        },
        {
          teamId,
          campaigns: await getCampaigns({ db }, { teamId }),
          days: recentDays(Date.now(), ZONE),
          now: Date.now(),
          correction: 'holm',
        },
      );
    const first = await load();
    const again = await load();
    // Nothing moved: the same verdicts.
    expect(again.get(emptyId)!.verdict).toEqual(first.get(emptyId)!.verdict);
    const kept = cache.verdicts(teamId).get(second.campaignId)!.verdicts;
    expect(first.get(second.campaignId)!.verdict?.state).toBe('not_enough_data');
    // Visits to one campaign: its verdict is asked again (enough now), the others' kept.
    const hour = new Date(Math.floor(Date.now() / HOUR) * HOUR).toISOString();
    await insertRollups(
      t.current,
      second.campaignId,
      [0, second.headline.a, second.headline.b].map((arm) => ({
        hour,
        // A shard collect never writes: its own rows of this hour may be on any of the others.
        shard: ROLLUP_SHARDS,
        elementId: second.headline.id,
        arm,
        exposures: 150,
        visitors: 150,
        sessions: 150,
      })),
    );
    const emptyKept = cache.verdicts(teamId).get(emptyId)!.verdicts;
    const after = await load();
    expect(cache.verdicts(teamId).get(second.campaignId)!.verdicts).not.toBe(kept);
    expect(after.get(second.campaignId)!.verdict?.state).not.toBe('not_enough_data');
    expect(cache.verdicts(teamId).get(emptyId)!.verdicts).toBe(emptyKept);
  });

  describe('refusals', () => {
    it('answers 404 to another team and 400 to an unknown zone; the owner succeeds', async () => {
      const stranger = await signUp(t.current.app, 'Stranger');
      const strangerSlug = await createTeam(t.current.app, stranger, 'Elsewhere');
      expect((await performance(ZONE, f.slug, stranger)).statusCode).toBe(404);
      const own = await performance(ZONE, strangerSlug, stranger);
      expect({ status: own.statusCode, body: own.json<unknown>() }).toEqual({
        status: 200,
        body: [],
      });
      expect((await performance(ZONE)).statusCode).toBe(200);
      const bad = await performance('Mars/Olympus');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('timezone must be an IANA time zone name');
    });
  });
});
