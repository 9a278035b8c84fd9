import {
  domStatsSchema,
  variantStyleSchema,
  type DomStats,
  type VariantStyle,
  type VariantStyleType,
} from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { BLUE, RED, textInfo } from '../../state/test-fixtures';
import { defaultStyle, findStyle, removeStyle, setStyle, STYLE_TYPES } from './variant-styles';

const OPAQUE_BLACK = 0x000000ff;
const OPAQUE_WHITE = 0xffffffff;
const GREEN = 0x00ff00ff;

const ALL_TYPES: VariantStyleType[] = [
  'textColor',
  'backgroundColor',
  'borderColor',
  'fontSize',
  'borderWidth',
  'padding',
  'borderRadius',
];

const stats = (patch: Partial<DomStats> = {}): DomStats => ({
  ...domStatsSchema.parse({}),
  ...patch,
});

const padding = { top: 4, right: 8, bottom: 4, left: 8 };
const radius = { topLeft: 2, topRight: 2, bottomLeft: 6, bottomRight: 6 };

const pageStats = stats({
  textColor: [{ value: RED }, { value: BLUE }],
  backgroundColor: [{ value: BLUE }, { value: RED }],
  borderColor: [{ value: GREEN }, { value: RED }],
  fontSize: [{ size: 18 }, { size: 12 }],
  borderWidth: [{ width: 3 }, { width: 1 }],
  padding: [padding, { top: 0, right: 0, bottom: 0, left: 0 }],
  borderRadius: [radius],
});

const types = (styles: readonly VariantStyle[]) => styles.map((style) => style.type);

describe('STYLE_TYPES', () => {
  it('lists every style type once, colours first', () => {
    expect([...STYLE_TYPES]).toEqual(ALL_TYPES);
  });
});

describe('defaultStyle', () => {
  it('uses fixed defaults without page statistics', () => {
    expect(ALL_TYPES.map((type) => defaultStyle(type))).toEqual([
      { type: 'textColor', value: OPAQUE_BLACK },
      { type: 'backgroundColor', value: OPAQUE_WHITE },
      { type: 'borderColor', value: OPAQUE_BLACK },
      { type: 'fontSize', value: 16 },
      { type: 'borderWidth', value: 1 },
      { type: 'padding', value: { top: 0, right: 0, bottom: 0, left: 0 } },
      { type: 'borderRadius', value: { topLeft: 0, topRight: 0, bottomLeft: 0, bottomRight: 0 } },
    ]);
  });

  it('uses the same defaults when the page reported empty statistics', () => {
    for (const type of ALL_TYPES) expect(defaultStyle(type, stats())).toEqual(defaultStyle(type));
  });

  it('starts from the first value the page shows', () => {
    expect(ALL_TYPES.map((type) => defaultStyle(type, pageStats))).toEqual([
      { type: 'textColor', value: RED },
      { type: 'backgroundColor', value: BLUE },
      { type: 'borderColor', value: GREEN },
      { type: 'fontSize', value: 18 },
      { type: 'borderWidth', value: 3 },
      { type: 'padding', value: padding },
      { type: 'borderRadius', value: radius },
    ]);
  });

  it('uses each statistic independently of the others', () => {
    const onlyText = stats({ textColor: [{ value: RED }] });
    expect(defaultStyle('textColor', onlyText)).toEqual({ type: 'textColor', value: RED });
    expect(defaultStyle('backgroundColor', onlyText)).toEqual({
      type: 'backgroundColor',
      value: OPAQUE_WHITE,
    });
    expect(defaultStyle('borderColor', onlyText)).toEqual({
      type: 'borderColor',
      value: OPAQUE_BLACK,
    });
  });

  it('keeps a transparent colour (0) and a zero border width from the page', () => {
    const zeros = stats({
      textColor: [{ value: 0 }],
      backgroundColor: [{ value: 0 }],
      borderColor: [{ value: 0 }],
      borderWidth: [{ width: 0 }],
    });
    expect(defaultStyle('textColor', zeros)).toEqual({ type: 'textColor', value: 0 });
    expect(defaultStyle('backgroundColor', zeros)).toEqual({ type: 'backgroundColor', value: 0 });
    expect(defaultStyle('borderColor', zeros)).toEqual({ type: 'borderColor', value: 0 });
    expect(defaultStyle('borderWidth', zeros)).toEqual({ type: 'borderWidth', value: 0 });
  });

  it('falls back to 16 for a zero font size, which is not a valid style', () => {
    expect(defaultStyle('fontSize', stats({ fontSize: [{ size: 0 }] }))).toEqual({
      type: 'fontSize',
      value: 16,
    });
  });

  it('keeps signed (int32) colours as reported', () => {
    const signed = -16776961; // 0xff0000ff read as int32
    expect(defaultStyle('textColor', stats({ textColor: [{ value: signed }] }))).toEqual({
      type: 'textColor',
      value: signed,
    });
  });

  it('always produces a style the variant schema accepts', () => {
    const zeroFont = stats({ fontSize: [{ size: 0 }] });
    for (const domStats of [undefined, stats(), pageStats, zeroFont]) {
      for (const type of ALL_TYPES) {
        const style = defaultStyle(type, domStats);
        expect(style.type).toBe(type);
        expect(variantStyleSchema.safeParse(style).success).toBe(true);
      }
    }
  });
});

describe('findStyle', () => {
  const info = textInfo({
    styles: [
      { type: 'textColor', value: RED },
      { type: 'fontSize', value: 20 },
    ],
  });

  it('finds the style of a type', () => {
    expect(findStyle(info, 'fontSize')).toEqual({ type: 'fontSize', value: 20 });
    expect(findStyle(info, 'textColor')).toEqual({ type: 'textColor', value: RED });
  });

  it('is undefined when the variant has no such style', () => {
    expect(findStyle(info, 'backgroundColor')).toBeUndefined();
    expect(findStyle(textInfo(), 'padding')).toBeUndefined();
  });

  it('returns the first one if a type appears twice', () => {
    const twice = textInfo({
      styles: [
        { type: 'textColor', value: BLUE },
        { type: 'textColor', value: RED },
      ],
    });
    expect(findStyle(twice, 'textColor')).toEqual({ type: 'textColor', value: BLUE });
  });
});

describe('setStyle', () => {
  it('adds a style to a variant without styles', () => {
    const info = setStyle(textInfo({ value: 'Buy' }), { type: 'fontSize', value: 18 });
    expect(info).toEqual(textInfo({ value: 'Buy', styles: [{ type: 'fontSize', value: 18 }] }));
  });

  it('replaces the style of the same type instead of adding a second one', () => {
    const info = textInfo({
      styles: [
        { type: 'textColor', value: RED },
        { type: 'fontSize', value: 12 },
      ],
    });
    expect(setStyle(info, { type: 'textColor', value: BLUE }).styles).toEqual([
      { type: 'textColor', value: BLUE },
      { type: 'fontSize', value: 12 },
    ]);
  });

  it('replaces every copy of the type when there were several', () => {
    const info = textInfo({
      styles: [
        { type: 'textColor', value: RED },
        { type: 'textColor', value: GREEN },
      ],
    });
    expect(setStyle(info, { type: 'textColor', value: BLUE }).styles).toEqual([
      { type: 'textColor', value: BLUE },
    ]);
  });

  it('keeps the styles in STYLE_TYPES order whatever order they are added in', () => {
    let info = textInfo();
    for (const type of [...ALL_TYPES].reverse()) info = setStyle(info, defaultStyle(type));
    expect(types(info.styles)).toEqual(ALL_TYPES);
  });

  it('puts a new style between existing ones by type order', () => {
    const info = textInfo({
      styles: [
        { type: 'textColor', value: RED },
        { type: 'padding', value: padding },
      ],
    });
    expect(types(setStyle(info, { type: 'fontSize', value: 14 }).styles)).toEqual([
      'textColor',
      'fontSize',
      'padding',
    ]);
  });

  it('sorts styles that were stored out of order', () => {
    const info = textInfo({
      styles: [
        { type: 'borderRadius', value: radius },
        { type: 'textColor', value: RED },
      ],
    });
    expect(types(setStyle(info, { type: 'borderWidth', value: 2 }).styles)).toEqual([
      'textColor',
      'borderWidth',
      'borderRadius',
    ]);
  });

  it('keeps the other fields of the info, including extra ones', () => {
    const info = {
      ...textInfo({ value: 'Buy', html: '<b>Buy</b>', textType: 'advanced', tone: 'bold' }),
      extra: 'kept',
    };
    const next = setStyle(info, { type: 'textColor', value: RED });
    expect(next).toEqual({ ...info, styles: [{ type: 'textColor', value: RED }] });
  });

  it('does not change the info it was given', () => {
    const info = textInfo({ styles: [{ type: 'textColor', value: RED }] });
    const copy = structuredClone(info);
    const next = setStyle(info, { type: 'textColor', value: BLUE });
    expect(info).toEqual(copy);
    expect(next).not.toBe(info);
    expect(next.styles).not.toBe(info.styles);
  });
});

describe('removeStyle', () => {
  const info = textInfo({
    value: 'Buy',
    styles: [
      { type: 'textColor', value: RED },
      { type: 'fontSize', value: 18 },
      { type: 'padding', value: padding },
    ],
  });

  it('removes the style of that type and keeps the others in order', () => {
    expect(removeStyle(info, 'fontSize')).toEqual({
      ...info,
      styles: [
        { type: 'textColor', value: RED },
        { type: 'padding', value: padding },
      ],
    });
  });

  it('removes every copy of the type', () => {
    const twice = textInfo({
      styles: [
        { type: 'textColor', value: RED },
        { type: 'textColor', value: BLUE },
      ],
    });
    expect(removeStyle(twice, 'textColor').styles).toEqual([]);
  });

  it('leaves the styles as they are when the type is absent', () => {
    expect(removeStyle(info, 'borderRadius')).toEqual(info);
  });

  it('does not change the info it was given', () => {
    const copy = structuredClone(info);
    const next = removeStyle(info, 'textColor');
    expect(info).toEqual(copy);
    expect(next).not.toBe(info);
  });

  it('undoes setStyle for a new type', () => {
    const plain = textInfo({ value: 'Buy' });
    expect(removeStyle(setStyle(plain, defaultStyle('borderWidth')), 'borderWidth')).toEqual(plain);
  });
});
