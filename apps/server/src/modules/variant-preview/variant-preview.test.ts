import { VARIANT_PREVIEW_MESSAGES, VARIANT_PREVIEW_SECONDS } from '@kindling/domain';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const PAGE = 'https://shop.example.com/landing?utm_source=mail';

const campaignInput = (name: string) => ({
  name,
  ingestedUrl: PAGE,
  description: 'Preview link test',
  elements: [
    {
      id: -1,
      selector: 'h1',
      type: 'text',
      key: 'headline',
      fingerprint: { tag: 'h1', text: 'Build faster', landmark: 'main', index: 0 },
      control: { info: { value: 'Build faster' } },
      variants: [
        { id: -2, key: 'a', type: 'text', isEnabled: true, info: { value: 'Ship sooner' } },
        // Disabled variants can be previewed too: that is how people check one before it runs.
        { id: -3, key: 'b', type: 'text', isEnabled: false, info: { value: 'Launch today' } },
      ],
    },
  ],
});

interface Loaded {
  id: number;
  elements: { id: number; variants: { id: number }[] }[];
}

describeEachDatabase('variant preview links', (kind) => {
  const t = useTestApp(kind, { PUBLIC_URL: 'https://kindling.example.com' });
  let owner: Account;
  let stranger: Account;
  let slug: string;
  let strangerSlug: string;
  let campaign: Loaded;
  let strangerCampaign: Loaded;

  afterEach(() => vi.useRealTimers());

  const link = (as: Account, team: string, body: object) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/variant-preview-link`,
      headers: bearer(as),
      payload: body,
    });
  const open = (team: string, token: string) =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${team}/variant-preview?token=${encodeURIComponent(token)}`,
      headers: { origin: 'https://shop.example.com' },
    });
  const setFlag = (as: Account, team: string, enabled: boolean) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/feature-flags`,
      headers: bearer(as),
      payload: { flag: 'view_variant', enabled },
    });
  const create = async (as: Account, team: string, name: string): Promise<Loaded> => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/create`,
      headers: bearer(as),
      payload: campaignInput(name),
    });
    const { id } = created.json<{ id: number }>();
    const loaded = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/campaign/by-id?id=${id}`,
      headers: bearer(as),
    });
    return loaded.json<Loaded>();
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get('kindling_preview')!;
  const target = (arm: number | 'control' = campaign.elements[0]!.variants[1]!.id) => ({
    campaignId: campaign.id,
    elementId: campaign.elements[0]!.id,
    variantId: arm,
  });

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
    stranger = await signUp(t.current.app, 'Stranger');
    slug = await createTeam(t.current.app, owner, 'Preview Team');
    strangerSlug = await createTeam(t.current.app, stranger, 'Other Team');
    campaign = await create(owner, slug, 'Headline test');
    strangerCampaign = await create(stranger, strangerSlug, 'Their test');
    expect(campaign.elements[0]!.variants).toHaveLength(2);
  });

  it('refuses a link while the team has "View variant" off, saying how to turn it on', async () => {
    const refused = await link(owner, slug, target());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(VARIANT_PREVIEW_MESSAGES.flagOff);
    expect(errorOf(refused).message).toBe(
      'Preview links are turned off for this team. An owner can turn on "View variant" under Settings → Team → Labs features.',
    );
  });

  it('makes a link to the campaign page for a variant, valid one hour', async () => {
    expect((await setFlag(owner, slug, true)).statusCode).toBe(200);
    const before = Date.now();
    const answer = await link(owner, slug, target());
    expect(answer.statusCode).toBe(200);
    const { url, expiresAt } = answer.json<{ url: string; expiresAt: string }>();
    expect(url.startsWith(`${PAGE}&kindling_preview=`)).toBe(true);
    const expiry = Date.parse(expiresAt);
    expect(expiry).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3_600_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + VARIANT_PREVIEW_SECONDS * 1000);
  });

  it('opens the link for any origin: exactly that variant and the badge words, never cached', async () => {
    const { url } = (await link(owner, slug, target())).json<{ url: string }>();
    const opened = await open(slug, tokenOf(url));
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['access-control-allow-origin']).toBe('*');
    expect(opened.headers['cache-control']).toBe('no-store');
    const body = opened.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      campaignId: campaign.id,
      url: PAGE,
      elementId: campaign.elements[0]!.id,
      arm: campaign.elements[0]!.variants[1]!.id,
      selector: 'h1',
      label: 'Kindling preview: Variant 2 of Heading “Build faster”',
    });
    expect(JSON.stringify(body.mutations)).toContain('Launch today');
    expect(JSON.stringify(body.mutations)).not.toContain('Ship sooner');
  });

  it('previews the original (control) with no changes', async () => {
    const { url } = (await link(owner, slug, target('control'))).json<{ url: string }>();
    const body = (await open(slug, tokenOf(url))).json<Record<string, unknown>>();
    expect(body).toMatchObject({
      arm: 'control',
      mutations: [],
      label: 'Kindling preview: Original of Heading “Build faster”',
    });
  });

  it('answers 404 for another team’s campaign, element or variant, and for foreign teams', async () => {
    const foreignCampaign = await link(owner, slug, {
      campaignId: strangerCampaign.id,
      elementId: strangerCampaign.elements[0]!.id,
      variantId: 'control',
    });
    expect(foreignCampaign.statusCode).toBe(404);
    expect(errorOf(foreignCampaign).message).toBe('Campaign not found');
    const foreignElement = await link(owner, slug, {
      ...target(),
      elementId: strangerCampaign.elements[0]!.id,
    });
    expect(errorOf(foreignElement).message).toBe(VARIANT_PREVIEW_MESSAGES.elementNotFound);
    const foreignVariant = await link(owner, slug, {
      ...target(),
      variantId: strangerCampaign.elements[0]!.variants[0]!.id,
    });
    expect(errorOf(foreignVariant).message).toBe(VARIANT_PREVIEW_MESSAGES.variantNotFound);
    // A stranger asking through the owner's team: the team itself is not found.
    const stranger404 = await link(stranger, slug, target());
    expect(stranger404.statusCode).toBe(404);
    expect(errorOf(stranger404).message).toBe('Team not found');
    // The stranger's own team, flag on, naming the owner's campaign.
    await setFlag(stranger, strangerSlug, true);
    const crossTeam = await link(stranger, strangerSlug, target());
    expect(crossTeam.statusCode).toBe(404);
    expect(errorOf(crossTeam).message).toBe('Campaign not found');
  });

  it('does not open a forged, expired or other team’s token: the same 404 for all', async () => {
    const { url } = (await link(owner, slug, target())).json<{ url: string }>();
    const token = tokenOf(url);
    const [body = '', signature = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as object;
    const forged = `${Buffer.from(JSON.stringify({ ...claims, v: 'control' })).toString('base64url')}.${signature}`;
    const refusals = [
      await open(slug, forged),
      await open(slug, 'not-a-token'),
      // A genuine token under another team's address.
      await open(strangerSlug, token),
    ];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + VARIANT_PREVIEW_SECONDS * 1000 + 1000);
    refusals.push(await open(slug, token));
    vi.useRealTimers();
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).message).toBe(VARIANT_PREVIEW_MESSAGES.invalidLink);
    }
    // Positive control: the same token, on time and on its own team, opens.
    expect((await open(slug, token)).statusCode).toBe(200);
  });

  it('stops opening links once the flag is turned off, and once the variant is gone', async () => {
    const { url } = (await link(owner, slug, target())).json<{ url: string }>();
    await setFlag(owner, slug, false);
    const off = await open(slug, tokenOf(url));
    expect(off.statusCode).toBe(404);
    expect(errorOf(off).message).toBe(VARIANT_PREVIEW_MESSAGES.invalidLink);
    await setFlag(owner, slug, true);
    expect((await open(slug, tokenOf(url))).statusCode).toBe(200);
    await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/delete-variant?id=${campaign.elements[0]!.variants[1]!.id}`,
      headers: bearer(owner),
    });
    const gone = await open(slug, tokenOf(url));
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).message).toBe(VARIANT_PREVIEW_MESSAGES.invalidLink);
  });

  it('serves the preview script to any page', async () => {
    const script = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/preview.js`,
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect(script.body).toContain('Leave preview');
    const again = await t.current.app.inject({
      method: 'GET',
      url: `/api/tracker/${slug}/preview.js`,
      headers: { 'if-none-match': String(script.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
