import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_END_MESSAGES,
  PAGE_RULE_MESSAGES,
  PAGE_RULES_API_MESSAGES,
  SAFE_REGEX_MESSAGES,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { trackerBundle } from '../tracker/tracker-bundle';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';
const RULES = {
  include: [{ kind: 'wildcard', value: 'https://shop.example.com/products/*' }],
  exclude: [{ kind: 'startsWith', value: 'https://shop.example.com/products/old' }],
};

describeEachDatabase('where a campaign runs (page rules)', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let owner: Account;
  let stranger: Account;
  let slug: string;
  let otherSlug: string;
  let campaignId: number;
  let elementId: number;

  const put = (account: Account, team: string, body: object) =>
    t.current.app.inject({
      method: 'PUT',
      url: `/api/team/${team}/campaign/pages`,
      headers: bearer(account),
      payload: { campaignId, ...body },
    });
  const read = (account: Account, team: string, id = campaignId) =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/campaign/pages?campaignId=${id}`,
      headers: bearer(account),
    });
  const served = async () => {
    const config = await t.current.app.inject({ url: `/api/tracker/${slug}/config.json` });
    const script = await t.current.app.inject({ url: `/api/tracker/${slug}.js` });
    const campaign = config
      .json<{ campaigns: { id: number; url: string; pages?: unknown }[] }>()
      .campaigns.find((c) => c.id === campaignId)!;
    return { campaign, script: script.body };
  };
  const expose = (url: string, origin = new URL(url).origin) =>
    t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': BROWSER, 'content-type': 'text/plain', origin },
      payload: JSON.stringify({
        events: [
          {
            id: randomUUID(),
            type: 'exposure',
            campaignId,
            visitorId: randomUUID(),
            sessionId: randomUUID(),
            ts: Date.now(),
            url,
            assignments: { [elementId]: 'control' },
            applied: {},
          },
        ],
      }),
    });

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    stranger = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Rules Team');
    otherSlug = await createTeam(t.current.app, stranger, 'Other Rules Team');
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: funnelCampaign('Rules'),
    });
    campaignId = created.json<{ id: number }>().id;
    const body = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/by-id?id=${campaignId}`,
      headers: bearer(owner),
    });
    elementId = body.json<{ elements: { id: number }[] }>().elements[0]!.id;
    const enabled = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/update-enabled?id=${campaignId}&isEnabled=true`,
      headers: bearer(owner),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });

  it('runs on the page it was edited on until rules are set; the plain tracker is served', async () => {
    const answer = await read(owner, slug);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      campaignId,
      editedOn: 'https://shop.example.com/landing',
      rules: null,
    });
    const { campaign, script } = await served();
    expect(campaign.pages).toBeUndefined();
    expect(script).not.toContain('targeting.js');
    expect(script).toContain('"https://shop.example.com/landing",[');
  });

  it('stores rules, serves them in the config, and the rules tracker, which hides wherever until targeting.js is in', async () => {
    const saved = await put(owner, slug, { rules: RULES });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      campaignId,
      editedOn: 'https://shop.example.com/landing',
      rules: RULES,
    });
    expect((await read(owner, slug)).json<{ rules: unknown }>().rules).toEqual(RULES);
    // The first rules bundle may still be building: the last good script answers meanwhile.
    await expect
      .poll(async () => (await served()).script, { timeout: 10_000 })
      .toContain('targeting.js');
    const { campaign, script } = await served();
    expect(campaign.pages).toEqual(RULES);
    expect(script).toContain(await trackerBundle('rules'));
    // The matcher is in targeting.js: the hide list says only "wherever".
    expect(script).not.toContain('"include"');
    expect(script).toMatch(/\[null,\[/);
  });

  it('counts exposures from pages the rules take in, and drops others', async () => {
    await put(owner, slug, { rules: RULES });
    const on = await expose('https://shop.example.com/products/lamp');
    expect(on.json()).toMatchObject({ accepted: 1 });
    for (const url of [
      'https://shop.example.com/landing',
      'https://shop.example.com/products/old-lamp',
      'https://other.example.com/products/lamp',
    ]) {
      const off = await expose(url);
      expect(off.json(), url).toMatchObject({ accepted: 0 });
    }
    // The page's own origin must send it.
    const forged = await expose('https://shop.example.com/products/lamp', 'https://evil.example');
    expect(forged.json()).toMatchObject({ accepted: 0 });
  });

  it('refuses bad rules with their messages and changes nothing', async () => {
    await put(owner, slug, { rules: RULES });
    const cases: [object, string][] = [
      [{ include: [], exclude: [] }, PAGE_RULE_MESSAGES.includeRequired],
      [{ include: [{ kind: 'exact', value: 'not an address' }] }, PAGE_RULE_MESSAGES.notAnAddress],
      [
        { include: [{ kind: 'regex', value: '(a+)+$' }] },
        SAFE_REGEX_MESSAGES.nestedRepeat('(a+)+'),
      ],
      [
        {
          include: [
            { kind: 'wildcard', value: 'https://shop.example.com/*', query: { name: ' ' } },
          ],
        },
        PAGE_RULE_MESSAGES.queryNameRequired,
      ],
    ];
    for (const [rules, message] of cases) {
      const refused = await put(owner, slug, { rules });
      expect(refused.statusCode, JSON.stringify(rules)).toBe(400);
      expect(refused.body).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect((await read(owner, slug)).json<{ rules: unknown }>().rules).toEqual(RULES);
  });

  it('goes back to its page with null', async () => {
    await put(owner, slug, { rules: RULES });
    const cleared = await put(owner, slug, { rules: null });
    expect(cleared.json<{ rules: unknown }>().rules).toBeNull();
    expect((await served()).campaign.pages).toBeUndefined();
  });

  it('refuses other teams, viewers of nothing, and unknown campaigns', async () => {
    expect((await read(stranger, slug)).statusCode).toBe(404);
    expect((await put(stranger, slug, { rules: RULES })).statusCode).toBe(404);
    const foreign = await put(stranger, otherSlug, { rules: RULES });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe(PAGE_RULES_API_MESSAGES.campaignNotFound);
    expect((await read(stranger, otherSlug)).statusCode).toBe(404);
  });

  it('tests an address against unsaved rules, rule by rule', async () => {
    const test = (url: string) =>
      t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/pages/test`,
        headers: bearer(owner),
        payload: { rules: RULES, url },
      });
    expect((await test('https://shop.example.com/products/lamp?x=1')).json()).toEqual({
      runs: true,
      include: [true],
      exclude: [false],
      summary: 'Runs here: page rule 1 matches.',
    });
    expect((await test('shop.example.com/products/old-lamp')).json()).toEqual({
      runs: false,
      include: [true],
      exclude: [true],
      summary: 'Does not run here: exclusion 1 matches.',
    });
    expect((await test('https://shop.example.com/cart')).json()).toMatchObject({
      runs: false,
      summary: 'Does not run here: no page rule matches this address.',
    });
    const blank = await test('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(PAGE_RULES_API_MESSAGES.testAddressRequired);
  });

  it('refuses a change once the test has ended', async () => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: funnelCampaign('Ended'),
    });
    const id = created.json<{ id: number }>().id;
    const ended = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/end`,
      headers: bearer(owner),
      payload: { id, rollout: null },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const refused = await t.current.app.inject({
      method: 'PUT',
      url: `/api/team/${slug}/campaign/pages`,
      headers: bearer(owner),
      payload: { campaignId: id, rules: RULES },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(CAMPAIGN_END_MESSAGES.ended);
    expect((await read(owner, slug, id)).json<{ rules: unknown }>().rules).toBeNull();
  });

  it('is in the OpenAPI document: the rules, the tester and their answers', async () => {
    const { paths } = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
    const text = (value: unknown) => JSON.stringify(value);
    const pages = paths['/api/team/{team}/campaign/pages']!;
    expect(text(pages.put!.requestBody)).toContain('"exclude"');
    expect(text(pages.get!.responses)).toContain('"editedOn"');
    const tester = paths['/api/team/{team}/campaign/pages/test']!.post!;
    expect(text(tester.responses)).toContain('"summary"');
  });
});
