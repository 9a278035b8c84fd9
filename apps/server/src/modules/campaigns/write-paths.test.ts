import {
  DUPLICATE_VARIANT,
  duplicateVariantMessage,
  EMPTY_VARIANT_MESSAGES,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  campaignCalls,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Create, save and add-variants call one rule: the same variants are refused the same way.

const variant = (key: string, value: string, id = -100) => ({
  id,
  key,
  type: 'text',
  isEnabled: true,
  info: { value, styles: [] },
});
const element = (variants: object[]) => ({
  id: -1,
  selector: '#hero h1',
  type: 'text',
  key: 'hero-h1',
  control: { info: { value: 'Grow faster' } },
  variants,
});
const campaign = (variants: object[]) => ({
  name: 'Write paths',
  ingestedUrl: 'shop.example.com',
  elements: [element(variants)],
});

/**
 * Refused sets: [variants, the index the error names, what it equals on create and save, on
 * add-variants after the one saved variant].
 */
const REFUSED: [string, object[], number, string, string][] = [
  [
    'a variant equal to the original',
    [variant('a', 'New'), variant('b', ' Grow faster ')],
    1,
    'the original',
    'the original',
  ],
  [
    'two equal new variants',
    [variant('a', 'Twin', -5), variant('b', 'Twin', -6)],
    1,
    'variant 1',
    'variant 2',
  ],
];
const equalTo = (name: string) => duplicateVariantMessage(name);

describeEachDatabase('one variant rule for every write path', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let slug: string;
  const calls = campaignCalls(
    () => t.current.app,
    () => owner,
    () => slug,
  );
  const api = calls.post;
  const campaignCount = calls.count;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Write Paths');
  });

  it.each(REFUSED)('create, save and add-variants all refuse %s', async (...refused) => {
    const [, variants, at, createdEquals, addedEquals] = refused;
    const before = await campaignCount();
    const created = await api('/create', campaign(variants));
    expect(created.statusCode).toBe(400);
    expect(errorOf(created)).toMatchObject({
      code: 'duplicate-variant',
      message: DUPLICATE_VARIANT.message,
    });
    expect(errorOf(created).fields).toHaveProperty(
      `elements.0.variants.${at}`,
      equalTo(createdEquals),
    );
    expect(await campaignCount()).toBe(before);

    const good = await api('/create', campaign([variant('ok', 'Grow 3x faster')]));
    expect(good.statusCode).toBe(201);
    const { id } = good.json<{ id: number }>();
    const loaded = await calls.byId<{ elements: { id: number; variants: object[] }[] }>(id);
    const savedElement = loaded.elements[0]!;

    const saved = await api('/save', {
      ...loaded,
      elements: [{ ...savedElement, variants: [...savedElement.variants, ...variants] }],
    });
    expect(saved.statusCode).toBe(400);
    expect(errorOf(saved)).toMatchObject({
      code: 'duplicate-variant',
      message: DUPLICATE_VARIANT.message,
    });

    const added = await api('/add-variants', {
      campaignId: id,
      elementId: savedElement.id,
      variants,
    });
    expect(added.statusCode).toBe(400);
    expect(errorOf(added)).toMatchObject({
      code: 'duplicate-variant',
      message: DUPLICATE_VARIANT.message,
      fields: { [`variants.${at}`]: equalTo(addedEquals) },
    });
    // Nothing of the refused writes was stored.
    const after = await calls.byId<{ elements: { variants: object[] }[] }>(id);
    expect(after.elements[0]!.variants).toHaveLength(1);
  });

  it.each(['   ', '\u200B\u200D', '\uFEFF'])(
    'create and add-variants refuse text %j without a style as empty, storing nothing',
    async (value) => {
      const before = await campaignCount();
      const created = await api('/create', campaign([variant('blank', value)]));
      expect(created.statusCode).toBe(400);
      expect(errorOf(created)).toMatchObject({
        code: 'VALIDATION',
        message: EMPTY_VARIANT_MESSAGES.text,
        fields: { 'elements.0.variants.0': EMPTY_VARIANT_MESSAGES.text },
      });
      expect(await campaignCount()).toBe(before);

      const good = await api('/create', campaign([variant('ok', 'Grow 3x faster')]));
      const { id } = good.json<{ id: number }>();
      const loaded = await calls.byId<{ elements: { id: number }[] }>(id);
      const added = await api('/add-variants', {
        campaignId: id,
        elementId: loaded.elements[0]!.id,
        variants: [variant('blank', value)],
      });
      expect(added.statusCode).toBe(400);
      expect(errorOf(added).message).toBe(EMPTY_VARIANT_MESSAGES.text);
    },
  );

  it('save keeps stored ids, inserts new rows and deletes the rest in batched writes', async () => {
    const variants = Array.from({ length: 40 }, (_, i) =>
      variant(`v${i}`, `Variant ${i}`, -10 - i),
    );
    // At most 5 new variants per element and request: 40 rows are built five at a time.
    const created = await api('/create', campaign(variants.slice(0, 5)));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const get = () =>
      calls.byId<{
        elements: { id: number; variants: { id: number; info: { value: string } }[] }[];
      }>(id);
    const elementId = (await get()).elements[0]!.id;
    for (let from = 5; from < variants.length; from += 5) {
      const added = await api('/add-variants', {
        campaignId: id,
        elementId,
        variants: variants.slice(from, from + 5),
      });
      expect(added.statusCode).toBe(200);
    }
    const loaded = await get();
    const stored = loaded.elements[0]!.variants;
    expect(stored.map((v) => v.info.value)).toEqual(variants.map((v) => v.info.value));

    // Keep the odd ones (renamed), drop the even ones, add two.
    const kept = stored
      .filter((_, i) => i % 2 === 1)
      .map((v) => ({ ...v, info: { ...v.info, value: `${v.info.value}!` } }));
    const saved = await api('/save', {
      ...loaded,
      elements: [
        {
          ...loaded.elements[0]!,
          variants: [...kept, variant('n1', 'Brand new', -1), variant('n2', 'Newer', -2)],
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const after = (await get()).elements[0]!.variants;
    expect(after.slice(0, kept.length).map((v) => v.id)).toEqual(kept.map((v) => v.id));
    expect(after.map((v) => v.info.value)).toEqual([
      ...kept.map((v) => v.info.value),
      'Brand new',
      'Newer',
    ]);
    expect(after.slice(kept.length).every((v) => !stored.some((s) => s.id === v.id))).toBe(true);
  });
});
