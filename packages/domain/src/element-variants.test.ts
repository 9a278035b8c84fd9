import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  elementVariantProblems,
  VARIANT_TYPE_MISMATCH,
  type DuplicateTarget,
} from './element-variants';
import { variantSchema, type TextVariantInfo, type Variant } from './variant-schema';
import { ELEMENT_CHANGE_MESSAGES } from './element-change-rules';
import { DUPLICATE_VARIANT, EMPTY_VARIANT_MESSAGES } from './variants';

const info = (values: Partial<TextVariantInfo>): TextVariantInfo => ({
  value: '',
  textType: 'normal',
  styles: [],
  creationMethod: 'custom',
  ...values,
});
let nextId = 1;
const text = (values: Partial<TextVariantInfo>): Variant => {
  const id = nextId++;
  return variantSchema.parse({ id, key: `v${id}`, type: 'text', info: info(values) });
};
const image = (src: string): Variant => {
  const id = nextId++;
  return variantSchema.parse({ id, key: `v${id}`, type: 'image', info: { src } });
};
const headline = { type: 'text' as const, control: { info: info({ value: 'Start your trial' }) } };
const ORIGINAL: DuplicateTarget = { kind: 'original' };
const duplicate = (index: number, equals: DuplicateTarget, name: string) => ({
  index,
  code: 'duplicate-variant',
  message: `${DUPLICATE_VARIANT.message} It equals ${name}.`,
  equals,
});

describe('elementVariantProblems', () => {
  it('accepts distinct variants (positive control)', () => {
    expect(
      elementVariantProblems({
        element: headline,
        kept: [text({ value: 'Try it free' })],
        incoming: [text({ value: 'Get started' }), text({ value: 'Begin today' })],
      }),
    ).toEqual([]);
  });

  it('takes a variant that hides the element, empty or not, once per element (issue 32)', () => {
    const hides = (values: Partial<TextVariantInfo>) => text({ ...values, hidden: true });
    // Blank text is fine when the element is hidden; the original's text too (it is not shown).
    expect(
      elementVariantProblems({
        element: headline,
        incoming: [hides({ value: '' }), text({ value: 'Get started' })],
      }),
    ).toEqual([]);
    expect(
      elementVariantProblems({
        element: headline,
        incoming: [hides({ value: 'Start your trial' })],
      }),
    ).toEqual([]);
    // Two hidden variants show the same nothing.
    expect(
      elementVariantProblems({
        element: headline,
        kept: [hides({ value: 'A' })],
        incoming: [hides({ value: 'B' })],
      }),
    ).toEqual([duplicate(0, { kind: 'kept', index: 0 }, 'variant 1')]);
    const hiddenImage = variantSchema.parse({
      id: 99,
      key: 'v99',
      type: 'image',
      info: { src: '', hidden: true },
    });
    expect(
      elementVariantProblems({
        element: { type: 'image', control: { info: { src: 'https://x.example/a.png' } } },
        incoming: [hiddenImage],
      }),
    ).toEqual([]);
    // Only `true` says hidden.
    expect(() =>
      variantSchema.parse({
        id: 1,
        key: 'k',
        type: 'text',
        info: info({ hidden: false as never }),
      }),
    ).toThrow();
  });

  it('takes a link or an attribute change alone, refuses a bad address, and tells them apart (issue 32)', () => {
    expect(
      elementVariantProblems({
        element: headline,
        incoming: [
          text({ value: '', href: '/pricing' }),
          text({ value: '', attributes: { title: 'Free trial' } }),
          text({ value: '', href: '/plans' }),
        ],
      }),
    ).toEqual([]);
    const bad = { ...text({ value: 'Go' }) };
    bad.info = { ...bad.info, href: 'javascript:alert(1)' };
    expect(elementVariantProblems({ element: headline, incoming: [bad] })).toEqual([
      { index: 0, code: 'bad-change', message: ELEMENT_CHANGE_MESSAGES.link },
    ]);
    // The same text with the same link is a duplicate; with another link it is not.
    expect(
      elementVariantProblems({
        element: headline,
        kept: [text({ value: 'Go', href: '/a' })],
        incoming: [text({ value: 'Go', href: '/a' }), text({ value: 'Go', href: '/b' })],
      }).map((problem) => problem.index),
    ).toEqual([0]);
  });

  it('flags a variant equal to the original, trimmed', () => {
    expect(
      elementVariantProblems({
        element: headline,
        incoming: [text({ value: 'Other' }), text({ value: '  Start your trial ' })],
      }),
    ).toEqual([duplicate(1, ORIGINAL, 'the original')]);
  });

  it('flags both of two equal incoming variants, and one equal to a kept variant', () => {
    expect(
      elementVariantProblems({
        element: headline,
        kept: [text({ value: 'Try it free' })],
        incoming: [
          text({ value: 'Same' }),
          text({ value: 'Same' }),
          text({ value: 'Try it free' }),
        ],
      }),
    ).toEqual([
      // Numbered as stored: the kept variant is variant 1, the incoming ones follow it.
      duplicate(0, { kind: 'incoming', index: 1 }, 'variant 3'),
      duplicate(1, { kind: 'incoming', index: 0 }, 'variant 2'),
      duplicate(2, { kind: 'kept', index: 0 }, 'variant 1'),
    ]);
  });

  it('names variants as the caller numbers them', () => {
    expect(
      elementVariantProblems({
        element: headline,
        kept: [text({ value: 'Try it free' })],
        incoming: [text({ value: 'Try it free' })],
        nameOf: (target) => `${target.kind} #${target.index}`,
      }),
    ).toEqual([duplicate(0, { kind: 'kept', index: 0 }, 'kept #0')]);
  });

  it('never flags kept variants themselves', () => {
    const twin = text({ value: 'Twin' });
    expect(
      elementVariantProblems({
        element: headline,
        kept: [twin, { ...twin, id: 99 }],
        incoming: [],
      }),
    ).toEqual([]);
  });

  it('refuses a variant of another type than its element before comparing', () => {
    expect(
      elementVariantProblems({
        element: headline,
        incoming: [text({ value: 'A' }), image('https://cdn.example/a.png')],
      }),
    ).toEqual([{ index: 1, code: 'type-mismatch', message: VARIANT_TYPE_MISMATCH }]);
  });

  it('compares image variants with the original image on src', () => {
    const picture = {
      type: 'image' as const,
      control: { info: { src: 'https://cdn.example/hero.png' } },
    };
    expect(
      elementVariantProblems({
        element: picture,
        incoming: [image('https://cdn.example/hero.png'), image('https://cdn.example/b.png')],
      }),
    ).toEqual([duplicate(0, ORIGINAL, 'the original')]);
  });

  it('property: any list with a copy of the original has that copy flagged', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 6 }),
        fc.nat(6),
        (values, at) => {
          const incoming = values.map((value) => text({ value: `x${value}` }));
          const position = Math.min(at, incoming.length);
          incoming.splice(position, 0, text({ value: 'Start your trial' }));
          const problems = elementVariantProblems({ element: headline, incoming });
          expect(problems).toContainEqual(duplicate(position, ORIGINAL, 'the original'));
        },
      ),
    );
  });
});

describe('empty variants', () => {
  it.each(['', '   ', '\u200B\u200D', '\uFEFF\u2060 '])(
    'refuses text %j without a style as empty, and reports nothing else for it',
    (value) => {
      expect(
        elementVariantProblems({
          element: headline,
          incoming: [text({ value }), text({ value }), text({ value: 'Fine' })],
        }),
      ).toEqual([
        { index: 0, code: 'empty', message: EMPTY_VARIANT_MESSAGES.text },
        { index: 1, code: 'empty', message: EMPTY_VARIANT_MESSAGES.text },
      ]);
    },
  );

  it('accepts blank text with a style (the original text keeps showing)', () => {
    const styled = text({ value: ' ', styles: [{ type: 'fontSize', value: 20 }] });
    expect(elementVariantProblems({ element: headline, incoming: [styled] })).toEqual([]);
  });

  it('refuses an image variant without an address', () => {
    const picture = {
      type: 'image' as const,
      control: { info: { src: 'https://cdn.example/hero.png' } },
    };
    expect(elementVariantProblems({ element: picture, incoming: [image(' ')] })).toEqual([
      { index: 0, code: 'empty', message: EMPTY_VARIANT_MESSAGES.image },
    ]);
  });
});
