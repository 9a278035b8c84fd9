import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatHex, formatHsla, formatRgba, unpackRgba } from './color';
import { parseCssColor } from './css-color';

const CHART_BLUE = 0x01619dff;
const RED = 0xff0000ff;
const WHITE = 0xffffffff;
const BLACK = 0x000000ff;

describe('parseCssColor', () => {
  it.each([
    ['rgb(1, 97, 157)', CHART_BLUE],
    ['rgba(1,97,157,1)', CHART_BLUE],
    ['RGBA(1, 97, 157, 0.5)', 0x01619d80],
    ['rgb(1 97 157 / 50%)', 0x01619d80],
    ['rgb(100%, 0%, 0%)', RED],
    ['rgb(300, -5, 0)', RED],
    ['rgba(0, 0, 0, 0)', 0],
    ['transparent', 0],
    ['#fff', WHITE],
    ['#000', BLACK],
    ['#f008', 0xff000088],
    ['#01619d', CHART_BLUE],
    ['  #01619DFF  ', CHART_BLUE],
    // What the colour control shows and what people paste from design tools (issue 35).
    ['hsl(0, 100%, 50%)', RED],
    ['hsla(0, 100%, 50%, 0.5)', 0xff000080],
    ['HSLA(120, 100%, 25%, 1)', 0x008000ff],
    ['hsl(240 100% 50% / 50%)', 0x0000ff80],
    ['hsl(0.5turn 100% 50%)', 0x00ffffff],
    ['hsl(-120deg, 100%, 50%)', 0x0000ffff],
    ['hsl(0, 0%, 100%)', WHITE],
    ['hsla(0, 0%, 0%, 0)', 0x00000000],
    ['hsl(0, 150%, -10%)', BLACK],
    ['color(srgb 1 0 0)', RED],
    ['color(srgb 0 0 1 / 0.5)', 0x0000ff80],
  ])('parses %j', (input, expected) => {
    expect(parseCssColor(input)).toBe(expected);
  });

  it.each([
    '',
    'red',
    '#ff',
    '#12345',
    '#gggggg',
    'rgb(1, 2)',
    'rgb(1, 2, 3, 4, 5)',
    'rgb(a, b, c)',
    'rgb(1 2 3 / 4 / 5)',
    'hsl(0, 0%)',
    'hsl(10%, 50%, 50%)',
    'hsl(1em, 50%, 50%)',
    'color(display-p3 1 0 0)',
    'color(srgb 1, 0, 0)',
  ])('rejects %j', (input) => {
    expect(parseCssColor(input)).toBeUndefined();
  });
});

const uint32 = fc.integer({ min: 0, max: 2 ** 32 - 1 });

describe('parseCssColor properties', () => {
  it('reads back formatHex exactly and formatRgba up to alpha rounding', () => {
    fc.assert(
      fc.property(uint32, (color) => {
        expect(parseCssColor(formatHex(color))).toBe(color);
        const parsed = parseCssColor(formatRgba(color));
        expect(parsed).toBeDefined();
        const back = unpackRgba(parsed ?? 0);
        const original = unpackRgba(color);
        expect({ ...back, a: 0 }).toEqual({ ...original, a: 0 });
        expect(Math.abs(back.a - original.a)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('reads back formatHsla to within the rounding of its integer hue, saturation and lightness', () => {
    fc.assert(
      fc.property(uint32, (color) => {
        const parsed = parseCssColor(formatHsla(color));
        expect(parsed).toBeDefined();
        const back = unpackRgba(parsed ?? 0);
        const original = unpackRgba(color);
        // Integer H, S and L move a channel by at most about 1% of 255 each.
        for (const channel of ['r', 'g', 'b'] as const) {
          expect(Math.abs(back[channel] - original[channel])).toBeLessThanOrEqual(6);
        }
        expect(Math.abs(back.a - original.a)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('never throws and yields a uint32 or undefined', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseCssColor(text);
        expect(parsed === undefined || parsed >>> 0 === parsed).toBe(true);
      }),
    );
  });
});
