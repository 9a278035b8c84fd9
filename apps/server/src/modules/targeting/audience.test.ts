import { AUDIENCE_API_MESSAGES, AUDIENCE_MESSAGES, CAMPAIGN_END_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { trackerBundle } from '../tracker/tracker-bundle';
import {
  bearer,
  createTeam,
  errorOf,
  expectFieldError,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const PHONES_FROM_THE_NEWSLETTER = {
  match: 'all',
  conditions: [
    { attribute: 'deviceType', operator: 'is', value: 'phone' },
    { attribute: 'utmSource', operator: 'is', value: 'newsletter' },
    { attribute: 'attribute', name: 'plan', operator: 'oneOf', values: ['pro', 'team'] },
  ],
};

describeEachDatabase('who sees a campaign (audiences)', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;
  let stranger: Account;
  let slug: string;
  let otherSlug: string;
  let campaignId: number;

  const put = (account: Account, team: string, body: object, id = campaignId) =>
    t.current.app.inject({
      method: 'PUT',
      url: `/api/team/${team}/campaign/audience`,
      headers: bearer(account),
      payload: { campaignId: id, ...body },
    });
  const read = async (id = campaignId) =>
    (
      await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/audience?campaignId=${id}`,
        headers: bearer(owner),
      })
    ).json<{ audience: unknown }>().audience;
  const served = async () =>
    (await t.current.app.inject({ url: `/api/tracker/${slug}/config.json` }))
      .json<{ campaigns: { id: number; audience?: unknown }[] }>()
      .campaigns.find((c) => c.id === campaignId)!;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    stranger = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Audience Team');
    otherSlug = await createTeam(t.current.app, stranger, 'Other Audience Team');
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: { ...funnelCampaign('Audience'), isEnabled: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json<{ id: number }>().id;
  });

  it('is every visitor until set; then the config carries it and the targeting tracker is served', async () => {
    expect(await read()).toBeNull();
    expect((await served()).audience).toBeUndefined();
    const saved = await put(owner, slug, { audience: PHONES_FROM_THE_NEWSLETTER });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      campaignId,
      countryAvailable: false,
      audience: PHONES_FROM_THE_NEWSLETTER,
    });
    expect(await read()).toEqual(PHONES_FROM_THE_NEWSLETTER);
    expect((await served()).audience).toEqual(PHONES_FROM_THE_NEWSLETTER);
    const targeting = await trackerBundle('rules');
    await expect
      .poll(async () => (await t.current.app.inject({ url: `/api/tracker/${slug}.js` })).body, {
        timeout: 10_000,
      })
      .toContain(targeting);
    const cleared = await put(owner, slug, { audience: null });
    expect(cleared.json<{ audience: unknown }>().audience).toBeNull();
    expect((await served()).audience).toBeUndefined();
  });

  it('refuses bad conditions with their messages and changes nothing', async () => {
    await put(owner, slug, { audience: PHONES_FROM_THE_NEWSLETTER });
    const cases: [object, string][] = [
      [
        {
          match: 'all',
          conditions: [{ attribute: 'deviceType', operator: 'is', value: 'fridge' }],
        },
        AUDIENCE_MESSAGES.notAChoice(['phone', 'tablet', 'desktop']),
      ],
      [
        { match: 'all', conditions: [{ attribute: 'cookie', operator: 'exists', name: ' ' }] },
        AUDIENCE_MESSAGES.nameRequired,
      ],
    ];
    for (const [audience, message] of cases) {
      const refused = await put(owner, slug, { audience });
      expect(refused.statusCode, JSON.stringify(audience)).toBe(400);
      expect(errorOf(refused).message).toBe(message);
    }
    expect(await read()).toEqual(PHONES_FROM_THE_NEWSLETTER);
  });

  it('refuses a country condition without GEO_HEADER, on the condition, and says so on GET', async () => {
    await put(owner, slug, { audience: PHONES_FROM_THE_NEWSLETTER });
    const message = AUDIENCE_API_MESSAGES.noCountrySource;
    const refused = await put(owner, slug, {
      audience: {
        match: 'any',
        conditions: [
          { attribute: 'deviceType', operator: 'is', value: 'phone' },
          { attribute: 'country', operator: 'oneOf', values: ['DE', 'AT'] },
        ],
      },
    });
    expectFieldError(refused, 'audience.conditions.1.attribute', message);
    expect(message).toContain('GEO_HEADER');
    expect(await read()).toEqual(PHONES_FROM_THE_NEWSLETTER);
    const answer = await t.current.app.inject({
      url: `/api/team/${slug}/campaign/audience?campaignId=${campaignId}`,
      headers: bearer(owner),
    });
    expect(answer.json<{ countryAvailable: boolean }>().countryAvailable).toBe(false);
  });

  it('refuses other teams, and ended tests', async () => {
    const foreign = await put(stranger, otherSlug, { audience: null });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe(AUDIENCE_API_MESSAGES.campaignNotFound);
    expect((await put(stranger, slug, { audience: null })).statusCode).toBe(404);
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: funnelCampaign('Ended audience'),
    });
    const id = created.json<{ id: number }>().id;
    await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/end`,
      headers: bearer(owner),
      payload: { id, rollout: null },
    });
    const refused = await put(owner, slug, { audience: PHONES_FROM_THE_NEWSLETTER }, id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(CAMPAIGN_END_MESSAGES.ended);
    expect(await read(id)).toBeNull();
  });
});
