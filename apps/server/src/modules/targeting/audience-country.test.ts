import { AUDIENCE_API_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';

// Audiences by country (issue 31): the country comes from the trusted proxy header GEO_HEADER
// names, spliced into the cached config.json of teams with a country condition only.

const GEO_HEADER = 'x-country-code';
const GERMAN_SPEAKING = {
  match: 'all',
  conditions: [{ attribute: 'country', operator: 'oneOf', values: ['DE', 'AT'] }],
};
const PHONES = {
  match: 'all',
  conditions: [{ attribute: 'deviceType', operator: 'is', value: 'phone' }],
};

function countryTeams(kind: 'pglite' | 'postgres', settings: { PUBLIC_URL?: string }) {
  const t = useTestApp(kind, { GEO_HEADER, ...settings });
  const state = {} as { owner: Account; slug: string; otherSlug: string; campaignId: number };

  const create = async (slug: string) => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(state.owner),
      payload: { ...funnelCampaign('Country'), isEnabled: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  const put = (slug: string, campaignId: number, audience: object | null) =>
    t.current.app.inject({
      method: 'PUT',
      url: `/api/team/${slug}/campaign/audience`,
      headers: bearer(state.owner),
      payload: { campaignId, audience },
    });
  const config = (slug: string, headers: Record<string, string> = {}) =>
    t.current.app.inject({ url: `/api/tracker/${slug}/config.json`, headers });

  beforeAll(async () => {
    state.owner = await signUp(t.current.app);
    state.slug = await createTeam(t.current.app, state.owner, 'Country Team');
    state.otherSlug = await createTeam(t.current.app, state.owner, 'No Country Team');
    state.campaignId = await create(state.slug);
    const saved = await put(state.slug, state.campaignId, GERMAN_SPEAKING);
    expect(saved.statusCode, saved.body).toBe(200);
    const other = await put(state.otherSlug, await create(state.otherSlug), PHONES);
    expect(other.statusCode, other.body).toBe(200);
  });

  return { t, state, put, config };
}

describeEachDatabase('audiences by country, with GEO_HEADER set', (kind) => {
  const { t, state, put, config } = countryTeams(kind, {
    PUBLIC_URL: 'https://kindling.example.com',
  });

  it('accepts a country condition and says country is available', async () => {
    const read = await t.current.app.inject({
      url: `/api/team/${state.slug}/campaign/audience?campaignId=${state.campaignId}`,
      headers: bearer(state.owner),
    });
    expect(read.json()).toEqual({
      campaignId: state.campaignId,
      countryAvailable: true,
      audience: GERMAN_SPEAKING,
    });
  });

  it("splices the visitor's country into the cached config, varying on the header", async () => {
    const plain = await config(state.slug);
    const german = await config(state.slug, { [GEO_HEADER]: 'de' });
    const french = await config(state.slug, { [GEO_HEADER]: 'FR' });
    for (const answer of [plain, german, french]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.vary).toBe(GEO_HEADER);
      expect(answer.headers['cache-control']).toMatch(/^public, max-age=60/);
    }
    expect(plain.json<{ country?: string }>().country).toBeUndefined();
    expect(german.body).toBe(`{"country":"DE",${plain.body.slice(1)}`);
    expect(french.body).toBe(`{"country":"FR",${plain.body.slice(1)}`);
    expect(german.json()).toMatchObject({ country: 'DE', version: 1 });
    expect(new Set([plain, german, french].map((answer) => answer.headers.etag)).size).toBe(3);
  });

  it.each(['XX', 'T1', 'DEU', 'D', '', 'D E'])(
    'leaves the country out for the header value %j',
    async (value) => {
      const plain = await config(state.slug);
      const answer = await config(state.slug, { [GEO_HEADER]: value });
      expect(answer.body).toBe(plain.body);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(answer.headers.vary).toBe(GEO_HEADER);
      expect(answer.json<{ country?: string }>().country).toBeUndefined();
    },
  );

  it('answers 304 only to the same country', async () => {
    const german = await config(state.slug, { [GEO_HEADER]: 'DE' });
    const etag = String(german.headers.etag);
    const again = await config(state.slug, { [GEO_HEADER]: 'DE', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const elsewhere = await config(state.slug, { [GEO_HEADER]: 'AT', 'if-none-match': etag });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json<{ country: string }>().country).toBe('AT');
    const unknown = await config(state.slug, { 'if-none-match': etag });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<{ country?: string }>().country).toBeUndefined();
  });

  it("leaves other teams' answers as they are", async () => {
    const plain = await config(state.otherSlug);
    const german = await config(state.otherSlug, { [GEO_HEADER]: 'DE' });
    expect(german.body).toBe(plain.body);
    expect(german.headers.etag).toBe(plain.headers.etag);
    expect(german.headers.vary).toBeUndefined();
    expect(german.json<{ country?: string }>().country).toBeUndefined();
    expect(german.body.startsWith('{"version":1,')).toBe(true);
  });

  it('stops carrying the country once no campaign has a country condition', async () => {
    expect((await put(state.slug, state.campaignId, PHONES)).statusCode).toBe(200);
    await expect
      .poll(async () => (await config(state.slug, { [GEO_HEADER]: 'DE' })).headers.vary, {
        timeout: 5_000,
      })
      .toBeUndefined();
    expect(
      (await config(state.slug, { [GEO_HEADER]: 'DE' })).json<{ country?: string }>().country,
    ).toBeUndefined();
    expect((await put(state.slug, state.campaignId, GERMAN_SPEAKING)).statusCode).toBe(200);
    await expect
      .poll(async () => (await config(state.slug, { [GEO_HEADER]: 'DE' })).json(), {
        timeout: 5_000,
      })
      .toMatchObject({ country: 'DE' });
  });
});

describeEachDatabase('audiences by country, without PUBLIC_URL', (kind) => {
  const { state, config } = countryTeams(kind, {});

  it('adds the header to the Vary of an answer built from the request', async () => {
    const german = await config(state.slug, { [GEO_HEADER]: 'DE' });
    expect(german.json<{ country: string }>().country).toBe('DE');
    expect(String(german.headers.vary).split(', ')).toEqual([
      'Host',
      'X-Forwarded-Host',
      'X-Forwarded-Proto',
      GEO_HEADER,
    ]);
    const other = await config(state.otherSlug, { [GEO_HEADER]: 'DE' });
    expect(other.headers.vary).toBe('Host, X-Forwarded-Host, X-Forwarded-Proto');
  });
});

// The refusal without GEO_HEADER is in audience.test.ts, whose app has none.
it('names GEO_HEADER in the refusal', () => {
  expect(AUDIENCE_API_MESSAGES.noCountrySource).toMatch(/GEO_HEADER/);
});
