import {
  DUPLICATE_VARIANT,
  otherSiteMessage,
  PAGE_MARK_SELECTOR,
  PAGE_SELECTOR,
  SPLIT_URL_MESSAGES,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { servedCampaign } from '../../../test/served-config';
import { bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';

// Issue 32, split-URL tests through the server: the whole page's variants are addresses on the
// page's site, stored as given and served as `redirect` mutations on the page's mark, in the
// tracker with the targeting part; every other shape is refused with its sentence and stores
// nothing (create, save and add-variants all pass the one gate).

const PAGE = 'https://shop.example.com/landing';
const V2 = 'https://shop.example.com/landing-v2';

const variant = (id: number, redirect: string | undefined) => ({
  id,
  key: `v${-id}`,
  type: 'text',
  isEnabled: true,
  info: { value: '', ...(redirect === undefined ? {} : { redirect }) },
});

const pageElement = (variants: object[]) => ({
  id: -1,
  key: 'page',
  selector: PAGE_SELECTOR,
  type: 'text',
  control: { info: { value: PAGE } },
  variants,
});

describeEachDatabase('split-URL tests', (kind) => {
  const t = useTestApp(kind);
  let team: string;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    team = await createTeam(t.current.app, owner, 'Split Team');
  });

  const api = (path: string, payload: object) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign${path}`,
      headers: bearer(owner),
      payload,
    });
  const create = (elements: object[]) =>
    api('/create', {
      name: 'New landing page',
      description: 'Split URL',
      isEnabled: true,
      ingestedUrl: PAGE,
      elements,
    });
  const countVariants = async () =>
    (
      await t.current.services.db
        .selectFrom('variants')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count;

  it('stores the address and serves a redirect on the page mark, with the targeting part', async () => {
    const created = await create([pageElement([variant(-2, V2)])]);
    expect(created.statusCode, created.body).toBe(201);
    const campaign = await servedCampaign(t.current.app, team, created.json<{ id: number }>().id);
    expect(campaign.elements[0]!.selector).toBe(PAGE_MARK_SELECTOR);
    expect(campaign.elements[0]!.variants[0]!.mutations).toEqual([
      { type: 'redirect', selector: PAGE_SELECTOR, url: V2 },
    ]);
    const script = await t.current.app.inject({ method: 'GET', url: `/api/tracker/${team}.js` });
    expect(script.body).toContain('targeting.js');
    // The bootstrap hides the whole page, not the mark, until the tracker knows where it goes.
    expect(script.body).toContain(`["${PAGE}",["html"]]`);
  });

  it.each([
    ['no address', undefined, SPLIT_URL_MESSAGES.empty],
    ['a blank address', '   ', SPLIT_URL_MESSAGES.empty],
    ['a path', '/landing-v2', SPLIT_URL_MESSAGES.address],
    ['a script address', 'javascript:alert(1)', SPLIT_URL_MESSAGES.address],
    ['another site', 'https://other.example/v2', otherSiteMessage('https://shop.example.com')],
    ['the page itself', `${PAGE}/?utm_source=x`, SPLIT_URL_MESSAGES.samePage],
  ])('refuses %s with its sentence and stores nothing', async (_name, redirect, message) => {
    const before = await countVariants();
    const refused = await create([pageElement([variant(-2, redirect)])]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(message);
    expect(await countVariants()).toBe(before);
  });

  it('refuses an address on an element, and the page beside another element', async () => {
    const headline = {
      id: -5,
      key: 'h1',
      selector: 'h1',
      type: 'text',
      control: { info: { value: 'Original' } },
      variants: [{ ...variant(-6, V2), info: { value: 'New', redirect: V2 } }],
    };
    const onElement = await create([headline]);
    expect(onElement.statusCode).toBe(400);
    expect(onElement.body).toContain(SPLIT_URL_MESSAGES.notPage);
    const beside = await create([
      pageElement([variant(-2, V2)]),
      { ...headline, variants: [variant(-6, undefined)] },
    ]);
    expect(beside.statusCode).toBe(400);
    expect(beside.json<{ error: { message: string } }>().error.message).toBe(
      SPLIT_URL_MESSAGES.alone,
    );
  });

  it('checks added variants against the campaign page: another site refused, a new page kept', async () => {
    const created = await create([pageElement([variant(-2, V2)])]);
    const { id: campaignId } = created.json<{ id: number }>();
    const read = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/campaign/by-id?id=${campaignId}`,
      headers: bearer(owner),
    });
    const elementId = read.json<{ elements: { id: number }[] }>().elements[0]!.id;
    const add = (redirect: string) =>
      api('/add-variants', { campaignId, elementId, variants: [variant(-9, redirect)] });
    const refused = await add('https://other.example/v3');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(otherSiteMessage('https://shop.example.com'));
    // Another variant sending visitors to the same page is the spec's duplicate.
    const duplicate = await add(V2);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json<{ error: { code: string } }>().error.code).toBe(DUPLICATE_VARIANT.code);
    const added = await add('https://shop.example.com/landing-v3');
    expect(added.statusCode, added.body).toBe(200);
  });

  it('describes the variant address in the OpenAPI document', async () => {
    const { paths } = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    const body = JSON.stringify(paths['/api/team/{team}/campaign/create']!.post!.requestBody);
    expect(body).toContain('"redirect"');
  });
});
