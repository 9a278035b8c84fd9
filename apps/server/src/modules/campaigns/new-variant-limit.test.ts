import { MAX_DRAFT_VARIANTS, NEW_VARIANT_LIMIT_MESSAGE } from '@kindling/domain';
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

// Spec sections 4, 5 and 9: at most 5 new variants for one element in one request, on every
// write path, by the domain rule the editor asks (fitsNewVariantLimit).

const textVariant = (n: number, id = -100 - n) => ({
  id,
  key: `v${n}`,
  type: 'text',
  isEnabled: true,
  info: { value: `Variant number ${n}`, styles: [] },
});
const variants = (count: number, from = 1) =>
  Array.from({ length: count }, (_v, i) => textVariant(from + i));

const element = (selector: string, count: number) => ({
  id: -1,
  selector,
  type: 'text',
  key: `key-${selector}`,
  control: { info: { value: 'Original headline' } },
  variants: variants(count),
});

interface Saved {
  id: number;
  name: string;
  elements: { id: number; variants: { id: number }[] }[];
}

describeEachDatabase('the new-variant limit on the server', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;
  let slug: string;

  const api = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}/campaign${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const list = async () => (await api('GET', '/by-team')).json<{ id: number }[]>();
  const byId = async (id: number) => (await api('GET', `/by-id?id=${id}`)).json<Saved>();

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Limit Team');
  });

  it('create: refuses six new variants for one element and writes no campaign', async () => {
    const before = await list();
    const refused = await api('POST', '/create', {
      name: 'Too many',
      ingestedUrl: 'example.com',
      elements: [element('h1', 2), { ...element('h2', MAX_DRAFT_VARIANTS + 1), id: -2 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      message: NEW_VARIANT_LIMIT_MESSAGE,
      fields: { 'elements.1.variants': NEW_VARIANT_LIMIT_MESSAGE },
    });
    expect(await list()).toEqual(before);

    const accepted = await api('POST', '/create', {
      name: 'Five each',
      ingestedUrl: 'example.com',
      elements: [element('h1', 5), { ...element('h2', 5), id: -2 }],
    });
    expect(accepted.statusCode).toBe(201);
    const saved = await byId(accepted.json<{ id: number }>().id);
    expect(saved.elements.map((e) => e.variants.length)).toEqual([5, 5]);
  });

  it('save: counts only variants not stored yet, refuses a sixth and changes nothing', async () => {
    const created = await api('POST', '/create', {
      name: 'Saved campaign',
      ingestedUrl: 'example.com',
      elements: [element('h1', 5)],
    });
    const id = created.json<{ id: number }>().id;
    const stored = await byId(id);
    const [first] = stored.elements as [Saved['elements'][number]];
    const kept = first.variants.map((v, i) => ({ ...textVariant(i + 1, v.id) }));
    const body = (extra: number) => ({
      id,
      name: 'Renamed',
      ingestedUrl: 'example.com',
      elements: [
        { ...element('h1', 0), id: first.id, variants: [...kept, ...variants(extra, 20)] },
      ],
    });

    const refused = await api('POST', '/save', body(MAX_DRAFT_VARIANTS + 1));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      message: NEW_VARIANT_LIMIT_MESSAGE,
      fields: { 'elements.0.variants': NEW_VARIANT_LIMIT_MESSAGE },
    });
    const after = await byId(id);
    expect(after.name).toBe('Saved campaign');
    expect(after.elements[0]!.variants.map((v) => v.id)).toEqual(first.variants.map((v) => v.id));

    // Five stored plus five new: only the new ones count.
    const accepted = await api('POST', '/save', body(MAX_DRAFT_VARIANTS));
    expect(accepted.statusCode).toBe(200);
    const saved = accepted.json<Saved>();
    expect(saved.name).toBe('Renamed');
    expect(saved.elements[0]!.variants).toHaveLength(10);
  });

  it('add-variants: refuses six in one call, stores nothing, takes five', async () => {
    const created = await api('POST', '/create', {
      name: 'Add variants',
      ingestedUrl: 'example.com',
      elements: [element('h1', 1)],
    });
    const id = created.json<{ id: number }>().id;
    const elementId = (await byId(id)).elements[0]!.id;
    const add = (count: number) =>
      api('POST', '/add-variants', { campaignId: id, elementId, variants: variants(count, 30) });

    const refused = await add(MAX_DRAFT_VARIANTS + 1);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      message: NEW_VARIANT_LIMIT_MESSAGE,
      fields: { variants: NEW_VARIANT_LIMIT_MESSAGE },
    });
    expect((await byId(id)).elements[0]!.variants).toHaveLength(1);

    const accepted = await add(MAX_DRAFT_VARIANTS);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<{ newVariantIds: number[] }>().newVariantIds).toHaveLength(5);
    expect((await byId(id)).elements[0]!.variants).toHaveLength(6);
  });
});
