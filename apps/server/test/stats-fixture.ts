import type { CampaignStats, FunnelStep, SampleSize } from '@kindling/domain';
import type { LightMyRequestResponse } from 'fastify';
import { createFinalIntervalCache } from '../src/modules/stats/final-interval-cache';
import { getStatsCorrection } from '../src/modules/teams/get-stats-correction';
import { funnelCampaign } from './campaign-parts';
import type { TestApp } from './test-app';
import { bearer, createTeam, signUp, type Account } from './test-app';

// A campaign with two elements and two goals, and rollup rows written directly: the stats
// tests state every counter by hand instead of replaying events.

export interface StatsFixture {
  owner: Account;
  slug: string;
  campaignId: number;
  /** Headline: variants a and b; button: variant v. */
  headline: { id: number; a: number; b: number };
  button: { id: number; v: number };
  /** The funnel: signup, then purchase (the last goal, so the conversion goal). */
  signup: number;
  purchase: number;
}

interface Campaign {
  elements: { id: number; variants: { id: number }[] }[];
  goals: { id: number }[];
}

export async function createStatsCampaign(
  app: TestApp['app'],
  name: string,
  /** More of the campaign payload, such as its type. */
  more: object = {},
) {
  const owner = await signUp(app);
  const slug = await createTeam(app, owner, `${name} Team`);
  const created = await app.inject({
    method: 'POST',
    url: `/api/team/${slug}/campaign/create`,
    headers: bearer(owner),
    payload: { ...funnelCampaign(name), ...more },
  });
  const campaignId = created.json<{ id: number }>().id;
  const read = await app.inject({
    method: 'GET',
    url: `/api/team/${slug}/campaign/by-id?id=${campaignId}`,
    headers: bearer(owner),
  });
  const campaign = read.json<Campaign>();
  const [h, b] = campaign.elements;
  const [signup, purchase] = campaign.goals;
  return {
    owner,
    slug,
    campaignId,
    headline: { id: h!.id, a: h!.variants[0]!.id, b: h!.variants[1]!.id },
    button: { id: b!.id, v: b!.variants[0]!.id },
    signup: signup!.id,
    purchase: purchase!.id,
  } satisfies StatsFixture;
}

/** What the periodic checks over lifetime verdicts read with (auto-stop, mismatch alerts). */
export const lifetimeStatsDeps = ({ services }: Pick<TestApp, 'services'>) => ({
  db: services.db,
  config: services.config,
  getStatsCorrection: (teamId: number) => getStatsCorrection(services, { teamId }),
  finalIntervals: createFinalIntervalCache({ maxRows: 10_000 }),
});

export interface RollupInsert {
  hour: string;
  elementId: number;
  arm: number;
  goalId?: number;
  shard?: number;
  exposures?: number;
  visitors?: number;
  sessions?: number;
  goalSessions?: number;
  goalVisitors?: number;
  conversions?: number;
  revenue?: number;
}

export async function insertRollups(
  t: TestApp,
  campaignId: number,
  rows: RollupInsert[],
): Promise<void> {
  await t.services.db
    .insertInto('rollupsHourly')
    .values(
      rows.map(({ hour, goalId = 0, shard = 0, ...row }) => ({
        campaignId,
        hour: new Date(hour),
        goalId,
        shard,
        ...row,
      })),
    )
    .execute();
}

export function postStats(
  t: TestApp,
  fixture: Pick<StatsFixture, 'owner' | 'slug'>,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/team/${fixture.slug}/campaign/stats`,
    headers: bearer(fixture.owner),
    payload: body as Record<string, unknown>,
  });
}

// The answer as the tests read it.
export interface Metric {
  value: number;
  benchmark: number;
  improvement: number;
  potential?: number;
  potentialImprovement?: number;
  original?: number;
}
export interface Metrics {
  views: number;
  visitors: number;
  sessions: number;
  conversions: number;
  funnelSessions: number;
  funnelConversions: number;
  revenue: number;
  rawConversionsPerView: Metric;
  conversionsPerSession: Metric;
  revenuePerSession: Metric;
}
export type Modes = { discrete: Metrics; cumulative: Metrics };
export interface Series {
  start: string | null;
  values: Record<string, Modes>;
}
export interface Variant {
  id: number | 'control';
  control: boolean;
  overall: Modes;
  timeSeries: Series;
  significance: unknown;
}
export interface Stats {
  id: number;
  range: { start: string; end: string };
  timezone: string;
  granularity: string;
  intervals: { start: string; end: string }[];
  overall: Modes;
  timeSeries: Series;
  elements: Record<
    string,
    {
      id: number;
      srm: unknown;
      variants: Record<string, Variant>;
      funnel: FunnelStep[];
      sampleSize: SampleSize;
      plan: unknown;
      verdict: unknown;
    }
  >;
  goals: { id: number; isConversionGoal: boolean; counted: boolean }[];
  benchmark: { range: unknown; intervals: unknown[]; overall: Modes; timeSeries: Series } | null;
}

export const base = (views: number, visitors: number, sessions: number, more = {}) => ({
  views,
  visitors,
  sessions,
  conversions: 0,
  funnelSessions: sessions,
  funnelConversions: 0,
  revenue: 0,
  ...more,
});

/**
 * The headline's arms as `views/visitors/sessions/conversions/funnel/revenue`, keyed control, a
 * and b: a whole answer's figures in one comparable line per arm.
 */
export function headlineFigures(stats: CampaignStats, f: StatsFixture): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stats.elements[String(f.headline.id)]!.variants).map(([arm, variant]) => {
      const m = variant.overall.cumulative;
      const key = arm === 'control' ? 'control' : arm === String(f.headline.a) ? 'a' : 'b';
      return [
        key,
        `${m.views}/${m.visitors}/${m.sessions}/${m.conversions}/${m.funnelConversions}/${m.revenue}`,
      ];
    }),
  );
}
