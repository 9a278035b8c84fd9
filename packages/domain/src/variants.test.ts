import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  canAddDraftVariant,
  DUPLICATE_VARIANT,
  findDuplicateVariants,
  isValidTextVariant,
  normalizeVariantMode,
  toAdvanced,
} from './variants';
import { variantSchema } from './variant-schema';
import type { TextVariantInfo, Variant, VariantMarker, VariantStyle } from './variant-schema';

function info(values: Partial<TextVariantInfo>): TextVariantInfo {
  return { value: '', textType: 'normal', styles: [], creationMethod: 'custom', ...values };
}

let nextId = 1;
function text(values: Partial<TextVariantInfo>, marker?: VariantMarker): Variant {
  const id = nextId++;
  return variantSchema.parse({ id, key: `v${id}`, type: 'text', marker, info: info(values) });
}
function image(src: string, marker?: VariantMarker): Variant {
  const id = nextId++;
  return variantSchema.parse({ id, key: `v${id}`, type: 'image', marker, info: { src } });
}

const red: VariantStyle = { type: 'textColor', value: 0xff0000ff };
const big: VariantStyle = { type: 'fontSize', value: 24 };

describe('isValidTextVariant', () => {
  it('accepts a normal variant with a value or a style', () => {
    expect(isValidTextVariant(info({ value: 'Buy now' }))).toBe(true);
    expect(isValidTextVariant(info({ value: '', styles: [red] }))).toBe(true);
  });

  it('rejects an empty normal variant', () => {
    expect(isValidTextVariant(info({ value: '' }))).toBe(false);
    expect(isValidTextVariant(info({ value: '   ' }))).toBe(false);
  });

  it('requires html for an advanced variant', () => {
    expect(isValidTextVariant(info({ textType: 'advanced', html: '<b>Hi</b>' }))).toBe(true);
    expect(isValidTextVariant(info({ textType: 'advanced', value: 'Hi' }))).toBe(false);
    expect(isValidTextVariant(info({ textType: 'advanced', html: ' ' }))).toBe(false);
  });
});

describe('variant modes', () => {
  it('reverts advanced without html to normal', () => {
    expect(normalizeVariantMode(info({ textType: 'advanced', value: 'Hi' }))).toMatchObject({
      textType: 'normal',
      value: 'Hi',
      html: undefined,
    });
    const kept = info({ textType: 'advanced', html: '<i>x</i>' });
    expect(normalizeVariantMode(kept)).toBe(kept);
  });

  it('copies value into html when switching to advanced with html unset', () => {
    expect(toAdvanced(info({ value: 'Hi' }))).toMatchObject({ textType: 'advanced', html: 'Hi' });
    expect(toAdvanced(info({ value: 'Hi', html: '' }))).toMatchObject({ html: 'Hi' });
    expect(toAdvanced(info({ value: 'Hi', html: '<b>Yo</b>' }))).toMatchObject({
      html: '<b>Yo</b>',
    });
  });

  it('normal -> advanced -> normalize keeps a valid variant valid', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const before = info({ value });
        const after = normalizeVariantMode(toAdvanced(before));
        expect(isValidTextVariant(after)).toBe(isValidTextVariant(before));
      }),
    );
  });
});

describe('findDuplicateVariants', () => {
  it('flags new variants equal on value and the compared styles', () => {
    const saved = text({ value: 'Buy now', styles: [red] });
    const dup = text({ value: ' Buy now ', styles: [red] }, 'draft');
    const differentStyle = text({ value: 'Buy now', styles: [red, big] }, 'draft');
    const differentValue = text({ value: 'Buy today', styles: [red] }, 'draft');
    expect(findDuplicateVariants([saved, dup, differentStyle, differentValue])).toEqual([dup]);
  });

  it('ignores styles that are not compared', () => {
    const saved = text({ value: 'Go' });
    const padded = text({ value: 'Go', styles: [{ type: 'borderWidth', value: 2 }] }, 'draft');
    expect(findDuplicateVariants([saved, padded])).toEqual([padded]);
  });

  it('compares colours by their 32 bits', () => {
    const saved = text({ value: 'Go', styles: [{ type: 'textColor', value: -16_776_961 }] });
    const draft = text({ value: 'Go', styles: [red] }, 'draft');
    expect(findDuplicateVariants([saved, draft])).toEqual([draft]);
  });

  it('flags both of two equal drafts but never saved or suggested variants', () => {
    const a = text({ value: 'Same' }, 'draft');
    const b = text({ value: 'Same' }, 'draft');
    const c = text({ value: 'Same' }, 'suggested');
    const d = text({ value: 'Same' });
    expect(findDuplicateVariants([a, b, c, d])).toEqual([a, b]);
    expect(findDuplicateVariants([c, d])).toEqual([]);
  });

  it('compares advanced variants on html only', () => {
    const a = text({ textType: 'advanced', html: '<b>x</b>', value: 'one' });
    const b = text({ textType: 'advanced', html: '<b>x</b>', value: 'two' }, 'draft');
    const c = text({ value: '<b>x</b>' }, 'draft');
    expect(findDuplicateVariants([a, b, c])).toEqual([b]);
  });

  it('compares image variants on src', () => {
    const a = image('https://cdn.example/a.png');
    const b = image('https://cdn.example/a.png', 'draft');
    const c = image('https://cdn.example/c.png', 'draft');
    expect(findDuplicateVariants([a, b, c])).toEqual([b]);
  });

  it('exposes the duplicate-variant error', () => {
    expect(DUPLICATE_VARIANT).toEqual({
      code: 'duplicate-variant',
      message:
        'You have a duplicate variant. Please change an attribute or delete the duplicate variant to continue.',
    });
  });
});

describe('canAddDraftVariant', () => {
  it('allows adding while fewer than 5 drafts', () => {
    const drafts = (n: number): { marker?: VariantMarker }[] =>
      Array.from({ length: n }, () => ({ marker: 'draft' }));
    expect(canAddDraftVariant([])).toBe(true);
    expect(canAddDraftVariant(drafts(4))).toBe(true);
    expect(canAddDraftVariant(drafts(5))).toBe(false);
    expect(canAddDraftVariant([...drafts(4), { marker: 'suggested' }, {}])).toBe(true);
  });
});
