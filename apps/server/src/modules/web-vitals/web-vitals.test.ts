import { randomUUID } from 'node:crypto';
import {
  campaignStatsSchema,
  COLLECT_MESSAGES,
  VITALS_MESSAGES,
  vitalsBucketOf,
  type CampaignStats,
  ROW_ID_MESSAGE,
} from '@kindling/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { clickGoal, funnelCampaign, textElement } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { insertRollups } from '../../../test/stats-fixture';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const PAGE = 'https://shop.example.com/landing';

describeEachDatabase('Web Vitals per variant', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let owner: Account;
  let stranger: Account;
  let slug: string;
  let otherSlug: string;
  let campaignId: number;
  let headline: { id: number; variants: number[] };
  let button: { id: number; variants: number[] };
  const now = Date.now();

  const post = (events: unknown[]) =>
    t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': BROWSER, 'content-type': 'text/plain' },
      payload: JSON.stringify({ events }),
    });
  const exposure = (visitorId: string, arms: [number | 'control', number | 'control']) => ({
    id: randomUUID(),
    type: 'exposure',
    campaignId,
    visitorId,
    sessionId: `${visitorId}-s`,
    ts: now,
    url: PAGE,
    assignments: { [headline.id]: arms[0], [button.id]: arms[1] },
    applied: {},
  });
  const vitals = (of: { id: string; visitorId: string }, values: object) => ({
    id: randomUUID(),
    type: 'vitals',
    campaignId,
    exposureId: of.id,
    visitorId: of.visitorId,
    sessionId: `${of.visitorId}-s`,
    ts: now + 5_000,
    url: PAGE,
    ...values,
  });
  const settings = (account: Account, team: string, body: object) =>
    t.current.app.inject({
      method: 'PUT',
      url: `/api/team/${team}/campaign/vitals`,
      headers: bearer(account),
      payload: { campaignId, ...body },
    });
  const readSettings = (account: Account, team: string) =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/campaign/vitals?campaignId=${campaignId}`,
      headers: bearer(account),
    });
  const configCampaign = async () => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/config.json`,
    });
    return response
      .json<{ campaigns: { id: number; vitals?: number }[] }>()
      .campaigns.find((campaign) => campaign.id === campaignId)!;
  };
  const stats = async (id = campaignId) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/stats`,
      headers: bearer(owner),
      payload: {
        id,
        range: {
          start: new Date(now - 86_400_000).toISOString(),
          end: new Date(now + 86_400_000).toISOString(),
        },
        timezone: 'UTC',
        granularity: 'day',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<CampaignStats>();
    // The web app parses it with the domain's schema: the vitals fields must be there, unchanged.
    expect(campaignStatsSchema.parse(answer)).toEqual(answer);
    return answer;
  };
  const vitalsRows = async () =>
    Number(
      (
        await t.current.services.db
          .selectFrom('vitalsEvents' as never)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    stranger = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Vitals Team');
    otherSlug = await createTeam(t.current.app, stranger, 'Other Vitals Team');
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: funnelCampaign('Vitals'),
    });
    campaignId = created.json<{ id: number }>().id;
    const read = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/by-id?id=${campaignId}`,
      headers: bearer(owner),
    });
    const body = read.json<{ elements: { id: number; variants: { id: number }[] }[] }>();
    [headline, button] = body.elements.map((e) => ({
      id: e.id,
      variants: e.variants.map((v) => v.id),
    })) as [typeof headline, typeof button];
    const enabled = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/update-enabled?id=${campaignId}&isEnabled=true`,
      headers: bearer(owner),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });

  describe('the sampling setting', () => {
    it('is auto with no guardrail until set; the tracker config samples every page view', async () => {
      const answer = await readSettings(owner, slug);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ sampling: 'auto', guardrails: [] });
      expect((await configCampaign()).vitals).toBe(1);
    });

    it('takes a percentage or off, and the tracker config follows', async () => {
      const set = await settings(owner, slug, { sampling: 25, guardrails: ['lcp', 'inp'] });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ sampling: 25, guardrails: ['lcp', 'inp'] });
      expect((await readSettings(owner, slug)).json()).toEqual(set.json());
      expect((await configCampaign()).vitals).toBe(0.25);

      await settings(owner, slug, { sampling: 'off', guardrails: [] });
      expect((await configCampaign()).vitals).toBeUndefined();
    });

    it('refuses bad values with a clear message and changes nothing', async () => {
      await settings(owner, slug, { sampling: 'auto', guardrails: ['lcp'] });
      for (const [body, message] of [
        [{ sampling: 0, guardrails: [] }, VITALS_MESSAGES.sampling],
        [{ sampling: 'sometimes', guardrails: [] }, VITALS_MESSAGES.sampling],
        [{ sampling: 12.5, guardrails: [] }, VITALS_MESSAGES.sampling],
        [{ sampling: 'auto', guardrails: ['ttfb'] }, VITALS_MESSAGES.guardrails],
        [{ sampling: 'auto', guardrails: ['cls', 'cls'] }, VITALS_MESSAGES.guardrails],
      ] as const) {
        const response = await settings(owner, slug, body);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toContain(message);
      }
      // A campaign id past PostgreSQL's integer: 400 before any query (the fuzz suite found a 500).
      for (const path of ['vitals', 'pages', 'audience']) {
        const read = await t.current.app.inject({
          method: 'GET',
          url: `/api/team/${slug}/campaign/${path}?campaignId=2147483648`,
          headers: bearer(owner),
        });
        expect(read.statusCode).toBe(400);
        expect(errorOf(read).message).toBe(ROW_ID_MESSAGE);
      }
      const past = await settings(owner, slug, {
        campaignId: 2_147_483_648,
        sampling: 'off',
        guardrails: [],
      });
      expect(past.statusCode).toBe(400);
      expect((await readSettings(owner, slug)).json()).toEqual({
        sampling: 'auto',
        guardrails: ['lcp'],
      });
    });

    it("refuses another team's member (404) next to the owner's own call", async () => {
      expect((await readSettings(owner, slug)).statusCode).toBe(200);
      // The stranger's own team does not have the campaign: 404, nothing changes.
      const read = await readSettings(stranger, otherSlug);
      expect(read.statusCode).toBe(404);
      expect(errorOf(read).message).toBe(VITALS_MESSAGES.campaignNotFound);
      const write = await settings(stranger, otherSlug, { sampling: 'off', guardrails: [] });
      expect(write.statusCode).toBe(404);
      // And the owner's team is not the stranger's.
      expect((await readSettings(stranger, slug)).statusCode).toBe(404);
      expect((await readSettings(owner, slug)).json()).toEqual({
        sampling: 'auto',
        guardrails: ['lcp'],
      });
    });
  });

  describe('collect', () => {
    it('stores a vitals event for its exposure, once (dedup by id)', async () => {
      const seen = exposure('val', [headline.variants[0]!, 'control']);
      expect((await post([seen])).statusCode).toBe(202);
      const event = vitals(seen, { lcp: 812.5, cls: 0.04, inp: 96 });
      const first = await post([event]);
      expect(first.statusCode, first.body).toBe(202);
      expect(first.json()).toEqual({ accepted: 1, duplicates: 0 });
      const again = await post([event]);
      expect(again.json()).toEqual({ accepted: 0, duplicates: 1 });
      expect(await vitalsRows()).toBe(1);
    });

    it('refuses bad values and unknown exposures with their message, storing nothing', async () => {
      const seen = exposure('vic', ['control', 'control']);
      expect((await post([seen])).statusCode).toBe(202);
      const before = await vitalsRows();
      const cases: [object, string][] = [
        [vitals(seen, { lcp: 60_001 }), VITALS_MESSAGES.lcp],
        [vitals(seen, { lcp: -3 }), VITALS_MESSAGES.lcp],
        [vitals(seen, { cls: 101 }), VITALS_MESSAGES.cls],
        [vitals(seen, { inp: 'fast' }), VITALS_MESSAGES.inp],
        [vitals(seen, {}), VITALS_MESSAGES.noMetric],
        [{ ...vitals(seen, { lcp: 5 }), exposureId: 'not-an-id' }, VITALS_MESSAGES.exposureId],
      ];
      for (const [event, message] of cases) {
        const response = await post([event]);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toContain(message);
      }
      // 1e999 is Infinity once parsed: not finite, refused.
      const infinite = await t.current.app.inject({
        method: 'POST',
        url: '/api/collect',
        headers: { 'user-agent': BROWSER, 'content-type': 'text/plain' },
        payload: JSON.stringify({ events: [vitals(seen, { inp: 7 })] }).replace(
          '"inp":7',
          '"inp":1e999',
        ),
      });
      expect(infinite.statusCode).toBe(400);
      expect(errorOf(infinite).message).toContain(VITALS_MESSAGES.inp);
      // An exposure never stored, another visitor's, another campaign's: the whole batch is
      // refused (a good event beside it is not stored either).
      const good = vitals(seen, { lcp: 900 });
      for (const bad of [
        { ...vitals(seen, { lcp: 900 }), exposureId: randomUUID() },
        { ...vitals(seen, { lcp: 900 }), visitorId: 'someone-else' },
        { ...vitals(seen, { lcp: 900 }), exposureId: good.id },
      ]) {
        const response = await post([good, bad]);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(VITALS_MESSAGES.unknownExposure);
      }
      expect(await vitalsRows()).toBe(before);
      // An unknown campaign is refused as for any event.
      const foreign = await post([{ ...good, campaignId: campaignId + 1000 }]);
      expect(errorOf(foreign).message).toBe(COLLECT_MESSAGES.unknownCampaign);
    });
  });

  describe('results', () => {
    it('answers median, p75 and samples per arm, and a guardrail harm in words', async () => {
      const [v1] = headline.variants as [number];
      const events: unknown[] = [];
      const later: unknown[] = [];
      for (let i = 0; i < 60; i += 1) {
        const control = exposure(`c${i}`, ['control', 'control']);
        const variant = exposure(`v${i}`, [v1, 'control']);
        events.push(control, variant);
        later.push(vitals(control, { lcp: 800 + (i % 20) * 10, cls: 0.01 }));
        later.push(vitals(variant, { lcp: 1200 + (i % 20) * 10, cls: 0.01, inp: 120 }));
      }
      for (let i = 0; i < events.length; i += 100) {
        expect((await post(events.slice(i, i + 100))).statusCode).toBe(202);
      }
      for (let i = 0; i < later.length; i += 100) {
        const response = await post(later.slice(i, i + 100));
        expect(response.statusCode, response.body).toBe(202);
      }
      const answer = await stats();
      const element = answer.elements[String(headline.id)]!;
      // The original: 60 here, plus the one of 'vic'... which sent none; 'val' was variant 1.
      const control = element.vitals.variants.control!;
      expect(control.samples).toBe(60);
      expect(control.lcp!.samples).toBe(60);
      expect(Math.abs(control.lcp!.median - 890)).toBeLessThanOrEqual(10);
      expect(Math.abs(control.lcp!.p75 - 940)).toBeLessThanOrEqual(10);
      expect(control.inp).toBeNull();
      const variant = element.vitals.variants[String(v1)]!;
      expect(variant.samples).toBe(61);
      expect(Math.abs(variant.lcp!.p75 - 1340)).toBeLessThanOrEqual(10);
      // 'val' above reported 96 ms: 61 reports of INP, 60 of them 120 ms.
      expect(variant.inp).toEqual({ median: 120, p75: 120, samples: 61 });
      expect(element.vitals.variants[String(headline.variants[1])]).toEqual({
        samples: 0,
        lcp: null,
        cls: null,
        inp: null,
      });
      expect(element.vitals.harms).toEqual([
        expect.objectContaining({
          variantId: v1,
          metric: 'lcp',
          guardrail: true,
          summary: expect.stringMatching(
            /^Variant 1 makes the page \d+ ms slower to paint \(LCP p75\)$/,
          ) as string,
        }),
      ]);
      // The other element's arms count the same page views.
      expect(answer.elements[String(button.id)]!.vitals.variants.control!.samples).toBe(121);
    });
  });

  it('a winner clearly slower to paint is not shipped once LCP is a guardrail', async () => {
    // A winner on purchases (fixed horizon reached: 5,000 visitors an arm, 250 against 300).
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: {
        name: 'Slow winner',
        ingestedUrl: 'shop.example.com/landing',
        elements: [textElement(-1, 'h1', ['Faster copy'])],
        goals: [clickGoal(-20, 'purchase')],
        statsMethod: 'fixed',
        minimumDetectableEffect: 0.5,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const saved = (
      await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/by-id?id=${id}`,
        headers: bearer(owner),
      })
    ).json<{ elements: { id: number; variants: { id: number }[] }[]; goals: { id: number }[] }>();
    const element = saved.elements[0]!.id;
    const variant = saved.elements[0]!.variants[0]!.id;
    const purchase = saved.goals[0]!.id;
    const hour = new Date(now - 3_600_000).toISOString();
    await insertRollups(t.current, id, [
      { hour, elementId: element, arm: 0, exposures: 5000, visitors: 5000 },
      { hour, elementId: element, arm: 0, goalId: purchase, goalVisitors: 250 },
      { hour, elementId: element, arm: variant, exposures: 5000, visitors: 5000 },
      { hour, elementId: element, arm: variant, goalId: purchase, goalVisitors: 300 },
    ]);
    // 100 reports an arm: the original paints in 800-990 ms, the variant 400 ms later.
    const counts = new Map<string, number>();
    for (const [arm, from] of [
      [0, 800],
      [variant, 1200],
    ] as const) {
      for (let i = 0; i < 100; i += 1) {
        const key = `${arm}:${vitalsBucketOf('lcp', from + (i % 20) * 10)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      counts.set(`${arm}:all`, 100);
    }
    for (const [key, reports] of counts) {
      const [arm, bucket] = key.split(':') as [string, string];
      const metric = bucket === 'all' ? 'all' : 'lcp';
      await sql`insert into vitals_rollups (campaign_id, element_id, arm, metric, bucket, reports)
        values (${id}, ${element}, ${Number(arm)}, ${metric}, ${metric === 'all' ? 0 : Number(bucket)},
          ${reports})`.execute(t.current.services.db);
    }
    const verdictOf = async () => (await stats(id)).elements[String(element)]!;
    // Not a guardrail: the harm is reported, the winner stands.
    const before = await verdictOf();
    expect(before.verdict.state).toBe('winner');
    expect(before.vitals.harms).toEqual([
      expect.objectContaining({ variantId: variant, metric: 'lcp', guardrail: false }),
    ]);

    const guard = await t.current.app.inject({
      method: 'PUT',
      url: `/api/team/${slug}/campaign/vitals`,
      headers: bearer(owner),
      payload: { campaignId: id, sampling: 'auto', guardrails: ['lcp'] },
    });
    expect(guard.statusCode).toBe(200);
    const after = await verdictOf();
    expect(after.verdict).toMatchObject({
      state: 'guardrail_harm',
      variantId: variant,
      metricId: 'vitals:lcp',
    });
    expect(after.verdict.summary).toMatch(
      /^Variant 1 converts 20% more often than the original \(.+\), but it harms the guardrail LCP: Variant 1 makes the page \d+ ms slower to paint \(LCP p75\)\. Do not ship it as it is\.$/,
    );
  });

  it('serves vitals.js to any page, cached like the tracker files', async () => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/vitals.js`,
      headers: { origin: 'https://shop.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toContain('stale-while-revalidate=600');
    expect(response.headers['cache-control']).toContain('stale-if-error=86400');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body).toContain('kindlingParts');
    const again = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/vitals.js`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
