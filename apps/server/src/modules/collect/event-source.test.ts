import { randomUUID } from 'node:crypto';
import { GoalEventType } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { PLANNER_PAGE } from '../../../test/planner-page';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';

// Issue 34, finding 3: an event counts only when it says it comes from its campaign's page
// (the tracker's own page rule), when the browser's Origin or Referer, if sent, is that page's
// origin, and, for a campaign on a Kindling burner page, when it carries that page's collect
// key. Anything else is dropped uncounted and answered 202 with `rejected`. Each refusal sits
// beside the same event sent the right way (the positive control), which still counts.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const APP = 'https://app.example.com';
const SHOP = 'https://shop.example.com';

interface Shape {
  id: number;
  element: number;
  goal: number;
}

describeEachDatabase('where collected events may come from', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: APP, COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let owner: Account;
  let team: string;
  let shop: Shape;
  let launch: Shape & { url: string; key: string };
  let otherPageKey: string;

  const inTeam = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const campaignOn = async (url: string, goalUrl: string): Promise<Shape> => {
    const created = await inTeam('POST', '/campaign/create', {
      name: `On ${url}`,
      ingestedUrl: url,
      isEnabled: true,
      elements: [
        {
          id: -1,
          selector: 'h1',
          type: 'text',
          key: 'h1',
          control: { info: { value: 'Original' } },
          variants: [{ id: -100, key: 'v', type: 'text', info: { value: 'Variant' } }],
        },
      ],
      goals: [{ id: -2, event: { type: GoalEventType.PageView, name: 'Thanks', url: goalUrl } }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const read = await inTeam('GET', `/campaign/by-id?id=${id}`);
    const campaign = read.json<{ elements: { id: number }[]; goals: { id: number }[] }>();
    return { id, element: campaign.elements[0]!.id, goal: campaign.goals[0]!.id };
  };
  const publishedPage = async (slug: string) => {
    const created = await inTeam('POST', '/pages', { slug, content: PLANNER_PAGE });
    const { id, url } = created.json<{ id: number; url: string }>();
    expect((await inTeam('POST', `/pages/${id}/publish`)).statusCode).toBe(200);
    const html = (await t.current.app.inject({ url: new URL(url).pathname })).body;
    return { url, key: /data-collect-key="([\w-]+)"/.exec(html)?.[1] ?? 'none-on-the-page' };
  };

  let visitor = 0;
  const exposure = (shape: Shape, url: string, extra: object = {}) => {
    visitor += 1;
    return {
      id: randomUUID(),
      campaignId: shape.id,
      visitorId: `v${visitor}`,
      sessionId: `v${visitor}-s`,
      ts: Date.now(),
      url,
      type: 'exposure',
      assignments: { [shape.element]: 'control' },
      ...extra,
    };
  };
  const goal = (shape: Shape, of: { visitorId: string }, url: string, extra: object = {}) => ({
    id: randomUUID(),
    campaignId: shape.id,
    visitorId: of.visitorId,
    sessionId: `${of.visitorId}-s`,
    ts: Date.now() + 1000,
    url,
    type: 'goal',
    goalId: shape.goal,
    ...extra,
  });
  const post = async (events: object[], headers: Record<string, string> = {}) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': BROWSER, ...headers },
      payload: { events },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<{ accepted: number; duplicates: number; rejected?: number }>();
  };
  /** The campaign's counts as results read them. */
  const counted = async (campaignId: number) => {
    const row = await t.current.services.db
      .selectFrom('rollupsHourly')
      .select((eb) => [
        eb.fn.sum<string>('exposures').as('views'),
        eb.fn.sum<string>('goalVisitors').as('goals'),
      ])
      .where('campaignId', '=', campaignId)
      .executeTakeFirstOrThrow();
    const events = await t.current.services.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaignId', '=', campaignId)
      .executeTakeFirstOrThrow();
    return {
      views: Number(row.views ?? 0),
      goals: Number(row.goals ?? 0),
      stored: Number(events.n),
    };
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Paula Page');
    team = await createTeam(t.current.app, owner, 'Source Lab');
    shop = await campaignOn(`${SHOP}/landing`, `${SHOP}/thanks`);
    const page = await publishedPage('launch');
    launch = { ...(await campaignOn(page.url, `${page.url}/thanks`)), ...page };
    otherPageKey = (await publishedPage('other')).key;
  });

  it('counts the tracker on the campaign page, named by the browser or not (positive control)', async () => {
    const before = await counted(shop.id);
    const plain = exposure(shop, `${SHOP}/landing?utm_source=mail#offer`);
    const named = exposure(shop, `${SHOP}/landing/`);
    expect(await post([plain, goal(shop, plain, `${SHOP}/thanks`)])).toEqual({
      accepted: 2,
      duplicates: 0,
    });
    expect(await post([named], { origin: SHOP })).toEqual({ accepted: 1, duplicates: 0 });
    const fromReferer = exposure(shop, `${SHOP}/landing`);
    expect(await post([fromReferer], { referer: `${SHOP}/landing?x=1` })).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    expect(await counted(shop.id)).toEqual({
      views: before.views + 3,
      goals: before.goals + 1,
      stored: before.stored + 4,
    });
  });

  it('drops events whose url is off the campaign page or its origin, uncounted', async () => {
    const before = await counted(shop.id);
    const offPage = exposure(shop, `${SHOP}/pricing`);
    const otherSite = exposure(shop, 'https://evil.example/landing');
    const onPage = exposure(shop, `${SHOP}/landing`);
    const foreignGoal = goal(shop, onPage, 'https://evil.example/thanks');
    expect(await post([offPage])).toEqual({ accepted: 0, duplicates: 0, rejected: 1 });
    expect(await post([otherSite, onPage, foreignGoal])).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 2,
    });
    expect(await counted(shop.id)).toEqual({
      views: before.views + 1,
      goals: before.goals,
      stored: before.stored + 1,
    });
  });

  it('drops events a browser sent from another origin, whatever their url says', async () => {
    const before = await counted(shop.id);
    const cases: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/forge.html' },
      { origin: 'https://evil.example', referer: `${SHOP}/landing` },
      { origin: 'http://shop.example.com' },
    ];
    for (const headers of cases) {
      expect(
        await post([exposure(shop, `${SHOP}/landing`)], headers),
        JSON.stringify(headers),
      ).toEqual({
        accepted: 0,
        duplicates: 0,
        rejected: 1,
      });
    }
    expect(await counted(shop.id)).toEqual(before);
  });

  it("counts a burner page's campaign only with that page's key: right key yes, missing or wrong no", async () => {
    const before = await counted(launch.id);
    const origin = { origin: APP };
    const withKey = exposure(launch, launch.url, { collectKey: launch.key });
    const thanks = goal(launch, withKey, `${launch.url}/thanks`, { collectKey: launch.key });
    expect(await post([withKey, thanks], origin)).toEqual({ accepted: 2, duplicates: 0 });
    for (const extra of [{}, { collectKey: otherPageKey }, { collectKey: 'f'.repeat(32) }]) {
      expect(await post([exposure(launch, launch.url, extra)], origin)).toEqual({
        accepted: 0,
        duplicates: 0,
        rejected: 1,
      });
    }
    const keyless = exposure(launch, launch.url);
    expect(await post([goal(launch, keyless, `${launch.url}/thanks`)], origin)).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: 1,
    });
    expect(await counted(launch.id)).toEqual({
      views: before.views + 1,
      goals: before.goals + 1,
      stored: before.stored + 2,
    });
    // A key changes nothing for a campaign that is not on a burner page.
    expect(await post([exposure(shop, `${SHOP}/landing`, { collectKey: launch.key })])).toEqual({
      accepted: 1,
      duplicates: 0,
    });
  });
});
