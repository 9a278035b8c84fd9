import { randomUUID } from 'node:crypto';
import {
  campaignStatsSchema,
  COLLECT_MESSAGES,
  DEMO_DATA_START_MS,
  type Campaign,
  type CampaignSummary,
} from '@kindling/domain';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';

describeEachDatabase('the demo campaign', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, PUBLIC_URL: 'https://kindling.example.com' });
  let owner: Account;
  let slug: string;
  let demo: Campaign;
  let real: Campaign;

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}${url}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const byId = async (id: number) =>
    (await inject('GET', `/campaign/by-id?id=${id}`)).json<Campaign>();
  const rollupRows = async (campaignId: number) =>
    Number(
      (
        await t.current.services.db
          .selectFrom('rollupsHourly')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('campaignId', '=', campaignId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const collect = (campaign: Campaign) => {
    const [headline, button] = campaign.elements;
    return t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': BROWSER, 'content-type': 'application/json' },
      payload: {
        events: [
          {
            id: randomUUID(),
            campaignId: campaign.id,
            visitorId: 'v-1',
            sessionId: 's-1',
            ts: Date.now(),
            url: campaign.ingestedUrl,
            type: 'exposure',
            assignments: { [headline!.id]: headline!.variants[0]!.id, [button!.id]: 'control' },
            applied: { [headline!.id]: 40 },
          },
        ],
      },
    });
  };

  it('adds a demo campaign with real elements, variants and goals, flagged and dated', async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Demo Team');
    const created = await inject('POST', '/campaign/demo');
    expect(created.statusCode, created.body).toBe(201);
    demo = await byId(created.json<{ id: number }>().id);
    expect(demo).toMatchObject({ isDemo: true, isEnabled: false, type: 'ab_split' });
    expect(new Date(demo.createdAt).getTime()).toBe(DEMO_DATA_START_MS);
    expect(demo.elements.map((element) => element.variants.length)).toEqual([2, 1]);
    expect(demo.goals.map((goal) => goal.isConversionGoal)).toEqual([false, true]);
    expect(await rollupRows(demo.id)).toBeGreaterThan(1000);

    const list = (await inject('GET', '/campaign/by-team')).json<CampaignSummary[]>();
    expect(list.map((row) => [row.id, row.isDemo])).toEqual([[demo.id, true]]);
  });

  it('answers its statistics with a significant winner, like real data', async () => {
    const response = await inject('POST', '/campaign/stats', {
      id: demo.id,
      range: { start: '1999-12-02T00:00:00Z', end: '2000-01-01T00:00:00Z' },
      timezone: 'UTC',
      granularity: 'day',
    });
    expect(response.statusCode, response.body).toBe(200);
    const stats = campaignStatsSchema.parse(response.json());
    expect(stats.intervals).toHaveLength(30);
    const headline = stats.elements[demo.elements[0]!.id]!;
    const winnerId = demo.elements[0]!.variants[1]!.id;
    expect(headline.srm?.flagged).toBe(false);
    expect(headline.variants[winnerId]!.significance).toMatchObject({ enoughData: true });
    // Always-valid by default: significant after Holm, and the verdict names the winner.
    expect(headline.variants[winnerId]!.significance).toMatchObject({ significant: true });
    expect(headline.variants[winnerId]!.significance!.adjustedPValue).toBeLessThan(0.05);
    expect(headline.verdict).toMatchObject({ state: 'winner', variantId: winnerId });
    expect(headline.variants[winnerId]!.significance!.chanceToBeatControl).toBeGreaterThan(0.99);
    expect(headline.funnel).toHaveLength(2);
    // Nothing of it falls in a recent range (the last two years).
    const recent = await inject('POST', '/campaign/stats', {
      id: demo.id,
      range: {
        start: new Date(Date.now() - 700 * 86_400_000).toISOString(),
        end: new Date(Date.now()).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'year',
    });
    expect(recent.statusCode, recent.body).toBe(200);
    const empty = campaignStatsSchema.parse(recent.json());
    expect(empty.elements[demo.elements[0]!.id]!.variants.control!.overall.discrete.views).toBe(0);
  });

  it('is never in the tracker config, even switched on; a real campaign is', async () => {
    const created = await inject('POST', '/campaign/create', {
      name: 'Real',
      ingestedUrl: 'https://shop.example.com/landing',
      isEnabled: true,
      elements: demo.elements.map((element) => ({
        ...element,
        id: -element.id,
        variants: element.variants.map((variant) => ({ ...variant, id: -variant.id })),
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    real = await byId(created.json<{ id: number }>().id);
    const enabled = await inject('GET', `/campaign/update-enabled?id=${demo.id}&isEnabled=true`);
    expect(enabled.statusCode, enabled.body).toBe(200);
    const config = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/config.json`,
    });
    expect(config.statusCode).toBe(200);
    expect(config.json<{ campaigns: { id: number }[] }>().campaigns.map((c) => c.id)).toEqual([
      real.id,
    ]);
  });

  it('refuses events for it at collect; the real campaign takes them', async () => {
    const refused = await collect(demo);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(COLLECT_MESSAGES.demoCampaign);
    expect((await collect(real)).statusCode).toBe(202);
  });

  it('is deleted in one step, its rollups with it', async () => {
    const deleted = await inject('DELETE', `/campaign/delete?id=${demo.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await rollupRows(demo.id)).toBe(0);
    expect((await inject('GET', `/campaign/by-id?id=${demo.id}`)).statusCode).toBe(404);
    expect(await rollupRows(real.id)).toBeGreaterThan(0);
  });
});
