import {
  DUPLICATE_VARIANT,
  IMAGE_SOURCE_MESSAGE,
  NEW_VARIANT_LIMIT_MESSAGE,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { ADD_VARIANTS_MESSAGES } from './routes';

const textVariant = (key: string, value: string, extra: object = {}) => ({
  id: -100,
  key,
  type: 'text',
  isEnabled: true,
  marker: 'draft',
  info: { value, styles: [], ...extra },
});

const headline = (selector: string) => ({
  id: -1,
  selector,
  type: 'text',
  key: `key-${selector}`,
  control: { info: { value: 'Grow faster' } },
  variants: [{ ...textVariant('v1', 'Grow 3x faster'), id: -2 }],
});

const heroImage = {
  id: -3,
  selector: '#hero img',
  type: 'image',
  key: 'hero-image',
  control: { info: { src: 'https://shop.example.com/hero.png' } },
  variants: [],
};

interface SavedVariant {
  id: number;
  key: string;
  index: number;
  isEnabled: boolean;
  marker?: string;
  info: { value: string; html?: string };
}
interface SavedElement {
  id: number;
  type: string;
  variants: SavedVariant[];
}

describeEachDatabase('variant calls', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;
  let slug: string;
  let campaignId: number;
  let text: SavedElement;
  let image: SavedElement;

  const api = (method: 'GET' | 'POST', path: string, payload?: object, as = owner) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}/campaign${path}`,
      headers: bearer(as),
      ...(payload ? { payload } : {}),
    });
  const elementsOf = async (id = campaignId) =>
    (await api('GET', `/by-id?id=${id}`)).json<{ elements: SavedElement[] }>().elements;
  const variantCount = async () =>
    (await api('GET', '/by-team')).json<{ variantCount: number }[]>();
  const addVariants = (variants: object[], ids = { campaignId, elementId: text.id }) =>
    api('POST', '/add-variants', { ...ids, variants });

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Variant Team');
    const created = await api('POST', '/create', {
      name: 'Variants',
      ingestedUrl: 'example.com',
      elements: [headline('h1'), heroImage],
    });
    campaignId = created.json<{ id: number }>().id;
    [text, image] = (await elementsOf()) as [SavedElement, SavedElement];
    expect(text.variants).toHaveLength(1);
  });

  it('appends variants, answers every variant of the element and the new ids', async () => {
    const response = await addVariants([
      textVariant('v2', 'Start today'),
      textVariant('v3', 'Start today', { styles: [{ type: 'textColor', value: 0xff0000ff }] }),
    ]);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ variants: SavedVariant[]; newVariantIds: number[] }>();
    expect(body.newVariantIds).toHaveLength(2);
    expect(body.newVariantIds.every((id) => id > 0)).toBe(true);
    expect(body.variants.map((v) => [v.index, v.key, v.info.value])).toEqual([
      [1, 'v1', 'Grow 3x faster'],
      [2, 'v2', 'Start today'],
      [3, 'v3', 'Start today'],
    ]);
    expect(body.variants.slice(1).map((v) => v.id)).toEqual(body.newVariantIds);
    expect(body.variants.every((v) => v.marker === undefined)).toBe(true);
    const [reloaded] = await elementsOf();
    expect(reloaded!.variants.map((v) => v.id)).toEqual(body.variants.map((v) => v.id));
  });

  it('refuses a duplicate of a saved variant or of another new one, writing nothing', async () => {
    const before = await variantCount();
    const cases = [
      [textVariant('a', 'Something new'), textVariant('b', '  Start today  ')],
      [textVariant('a', 'Twin'), textVariant('b', 'Twin')],
      [
        textVariant('a', 'x', { textType: 'advanced', html: '<b>Same</b>' }),
        textVariant('b', 'y', { textType: 'advanced', html: '<b>Same</b><script>x()</script>' }),
      ],
    ];
    for (const variants of cases) {
      const response = await addVariants(variants);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'duplicate-variant',
        message: DUPLICATE_VARIANT.message,
        fields: {
          'variants.1': expect.stringMatching(
            /^You have a duplicate variant\. .* It equals variant \d+\.$/,
          ) as unknown,
        },
      });
    }
    expect(await variantCount()).toEqual(before);
  });

  it('takes one to five variants of the element type', async () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => textVariant(`s${n}`, `Six ${n}`));
    const tooMany = await addVariants(six);
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toBe(NEW_VARIANT_LIMIT_MESSAGE);
    const none = await addVariants([]);
    expect(errorOf(none).message).toBe(ADD_VARIANTS_MESSAGES.none);
    const wrongType = await addVariants([
      {
        id: -1,
        key: 'i',
        type: 'image',
        isEnabled: true,
        info: { src: 'https://cdn.example/a.png' },
      },
    ]);
    expect(wrongType.statusCode).toBe(400);
    expect((await elementsOf())[0]!.variants).toHaveLength(3);

    const five = await addVariants(six.slice(0, 5));
    expect(five.json<{ newVariantIds: number[] }>().newVariantIds).toHaveLength(5);
    const images = await addVariants(
      [
        {
          id: -1,
          key: 'i',
          type: 'image',
          isEnabled: true,
          info: { src: 'https://cdn.example/a.png' },
        },
      ],
      { campaignId, elementId: image.id },
    );
    expect(images.json<{ variants: unknown[] }>().variants).toHaveLength(1);
  });

  it('refuses an image variant whose address is not http(s) or one of our uploads', async () => {
    const before = (await elementsOf())[1]!.variants.length;
    for (const src of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'a.png',
      'x" onerror="y',
    ]) {
      const response = await addVariants(
        [{ id: -1, key: 'i', type: 'image', isEnabled: true, info: { src } }],
        { campaignId, elementId: image.id },
      );
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toContain(IMAGE_SOURCE_MESSAGE);
    }
    expect((await elementsOf())[1]!.variants).toHaveLength(before);
  });

  it('answers 404 for an element of another campaign or team, or an unknown campaign', async () => {
    const other = await api('POST', '/create', {
      name: 'Other campaign',
      ingestedUrl: 'example.com',
      elements: [headline('h2')],
    });
    const otherId = other.json<{ id: number }>().id;
    const [otherElement] = await elementsOf(otherId);
    const variants = [textVariant('n', 'Never stored')];

    const wrongCampaign = await addVariants(variants, { campaignId, elementId: otherElement!.id });
    expect(wrongCampaign.statusCode).toBe(404);
    expect(errorOf(wrongCampaign).message).toBe('Element not found');
    const unknown = await addVariants(variants, { campaignId: 999999, elementId: text.id });
    expect(errorOf(unknown).message).toBe('Campaign not found');

    const stranger = await signUp(t.current.app);
    const strangerSlug = await createTeam(t.current.app, stranger, 'Stranger Team');
    const foreign = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${strangerSlug}/campaign/add-variants`,
      headers: bearer(stranger),
      payload: { campaignId, elementId: text.id, variants },
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe('Campaign not found');
    for (const path of [
      `/update-variant-enabled?id=${text.variants[0]!.id}&isEnabled=false`,
      `/delete-variant?id=${text.variants[0]!.id}`,
    ]) {
      const response = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${strangerSlug}/campaign${path}`,
        headers: bearer(stranger),
      });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe('Variant not found');
    }
    const [still] = await elementsOf();
    expect(still!.variants.map((v) => v.info.value)).not.toContain('Never stored');
    expect(still!.variants[0]).toMatchObject({ id: text.variants[0]!.id, isEnabled: true });
  });

  it('enables, disables and deletes a saved variant', async () => {
    const id = text.variants[0]!.id;
    const off = await api('GET', `/update-variant-enabled?id=${id}&isEnabled=false`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id, isEnabled: false });
    expect((await elementsOf())[0]!.variants[0]).toMatchObject({ id, isEnabled: false });
    const on = await api('GET', `/update-variant-enabled?id=${id}&isEnabled=true`);
    expect(on.json()).toEqual({ id, isEnabled: true });
    expect((await elementsOf())[0]!.variants[0]).toMatchObject({ id, isEnabled: true });
    expect((await api('GET', `/update-variant-enabled?id=${id}&isEnabled=no`)).statusCode).toBe(
      400,
    );

    const count = (await elementsOf())[0]!.variants.length;
    expect((await api('GET', `/delete-variant?id=${id}`)).statusCode).toBe(204);
    const after = (await elementsOf())[0]!.variants;
    expect(after).toHaveLength(count - 1);
    expect(after.map((v) => v.id)).not.toContain(id);
    expect(after.map((v) => v.index)).toEqual(after.map((_v, i) => i + 1));
    const again = await api('GET', `/delete-variant?id=${id}`);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).message).toBe('Variant not found');
    const unknown = await api('GET', '/update-variant-enabled?id=99999999999&isEnabled=true');
    expect(unknown.statusCode).toBe(400);
    expect((await api('GET', '/update-variant-enabled?id=999999&isEnabled=true')).statusCode).toBe(
      404,
    );
  });

  it('sanitises variant and control html on create, save and add-variants', async () => {
    const dirty = '<b>Hi</b><script>alert(1)</script><img src=x onerror=alert(1)>';
    const link = '<a href="JaVaScRiPt:alert(1)" onclick="x()">go</a>';
    const advanced = (key: string, html: string) =>
      textVariant(key, key, { textType: 'advanced', html });
    const created = await api('POST', '/create', {
      name: 'Dirty',
      ingestedUrl: 'example.com',
      elements: [
        {
          ...headline('h3'),
          control: { info: { value: 'c', textType: 'advanced', html: dirty } },
          variants: [{ ...advanced('c1', link), id: -9 }],
        },
      ],
    });
    const id = created.json<{ id: number }>().id;
    const [element] = (await elementsOf(id)) as (SavedElement & {
      control: { info: { html: string } };
    })[];
    expect(element!.control.info.html).toBe('<b>Hi</b>');
    expect(element!.variants[0]!.info.html).toBe('<a>go</a>');

    const loaded = (await api('GET', `/by-id?id=${id}`)).json<{ elements: object[] }>();
    const saved = await api('POST', '/save', {
      ...loaded,
      elements: [
        {
          ...element,
          // Not the original's html once clean: that would be a duplicate of the control.
          variants: [...element!.variants, { ...advanced('c2', `${dirty}<i>there</i>`) }],
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const added = await addVariants(
      [advanced('c3', '<svg onload=alert(1)></svg><em onmouseover="x()">new</em>')],
      {
        campaignId: id,
        elementId: element!.id,
      },
    );
    expect(added.statusCode).toBe(200);
    const stored = JSON.stringify(
      await t.current.services.db.selectFrom('variants').selectAll().execute(),
    );
    expect(stored).not.toMatch(/script|onerror|onclick|onload|javascript:|<svg/i);
    const [reloaded] = await elementsOf(id);
    expect(reloaded!.variants.map((v) => v.info.html)).toEqual([
      '<a>go</a>',
      '<b>Hi</b><i>there</i>',
      '<em>new</em>',
    ]);
    expect(reloaded!.variants.length).toBe(3);
  });
});
