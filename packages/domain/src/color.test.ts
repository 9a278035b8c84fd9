import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  alphaToUnit,
  formatHex,
  formatHsla,
  formatRgba,
  fromHsla,
  packRgba,
  pickSwatches,
  sortByHsl,
  toHsla,
  unpackRgba,
} from './color';

const CHART_BLUE = 0x01619dff; // rgba(1,97,157,1)
const RED = 0xff0000ff;
const GREEN = 0x00ff00ff;
const BLUE = 0x0000ffff;
const WHITE = 0xffffffff;
const BLACK = 0x000000ff;

describe('packRgba / unpackRgba', () => {
  it('packs red into the most significant byte', () => {
    expect(packRgba({ r: 1, g: 97, b: 157, a: 255 })).toBe(23_174_655);
    expect(packRgba({ r: 255, g: 0, b: 0, a: 255 })).toBe(4_278_190_335);
    expect(packRgba({ r: 0, g: 0, b: 0, a: 0 })).toBe(0);
  });

  it('unpacks unsigned and signed forms of the same bits', () => {
    expect(unpackRgba(CHART_BLUE)).toEqual({ r: 1, g: 97, b: 157, a: 255 });
    expect(unpackRgba(-16_776_961)).toEqual({ r: 255, g: 0, b: 0, a: 255 });
  });

  it('rejects channels outside 0..255', () => {
    expect(() => packRgba({ r: 256, g: 0, b: 0, a: 0 })).toThrow(RangeError);
    expect(() => packRgba({ r: 0, g: -1, b: 0, a: 0 })).toThrow(RangeError);
    expect(() => packRgba({ r: 0, g: 0, b: 1.5, a: 0 })).toThrow(RangeError);
  });
});

describe('display conversions', () => {
  it('converts alpha to 0..1 rounded to 2 decimals', () => {
    expect(alphaToUnit(0)).toBe(0);
    expect(alphaToUnit(255)).toBe(1);
    expect(alphaToUnit(128)).toBe(0.5);
    expect(alphaToUnit(3)).toBe(0.01);
    expect(alphaToUnit(64)).toBe(0.25);
  });

  it('converts to HSLA', () => {
    expect(toHsla(RED)).toEqual({ h: 0, s: 100, l: 50, a: 1 });
    expect(toHsla(GREEN)).toEqual({ h: 120, s: 100, l: 50, a: 1 });
    expect(toHsla(BLUE)).toEqual({ h: 240, s: 100, l: 50, a: 1 });
    expect(toHsla(WHITE)).toEqual({ h: 0, s: 0, l: 100, a: 1 });
    expect(toHsla(0x80808080)).toMatchObject({ h: 0, s: 0, a: 0.5 });
  });

  it('formats', () => {
    expect(formatHsla(CHART_BLUE)).toBe('hsla(203, 99%, 31%, 1)');
    expect(formatHsla(0xff000080)).toBe('hsla(0, 100%, 50%, 0.5)');
    expect(formatRgba(CHART_BLUE)).toBe('rgba(1, 97, 157, 1)');
    expect(formatRgba(0)).toBe('rgba(0, 0, 0, 0)');
    expect(formatHex(CHART_BLUE)).toBe('#01619dff');
    expect(formatHex(0)).toBe('#00000000');
  });

  it('converts HSLA back to the packed colour', () => {
    expect(fromHsla({ h: 0, s: 100, l: 50, a: 1 })).toBe(RED);
    expect(fromHsla({ h: 360, s: 100, l: 50, a: 1 })).toBe(RED);
    expect(fromHsla({ h: 240, s: 100, l: 50, a: 0 })).toBe(0x0000ff00);
  });
});

describe('swatches', () => {
  const stat = (value: number): { value: number } => ({ value });

  it('takes up to 5 text colours, then background colours up to 8, then more text colours', () => {
    const text = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => packRgba({ r: i, g: 0, b: 0, a: 255 }));
    const background = [1, 2].map((i) => packRgba({ r: 0, g: i, b: 0, a: 255 }));
    const swatches = pickSwatches({
      textColor: text.map(stat),
      backgroundColor: background.map(stat),
    });
    expect(new Set(swatches)).toEqual(new Set([...text.slice(0, 6), ...background]));
  });

  it('stops background colours at 8 in total', () => {
    const text = [1, 2].map((i) => packRgba({ r: i, g: 0, b: 0, a: 255 }));
    const background = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => packRgba({ r: 0, g: i, b: 0, a: 255 }));
    const swatches = pickSwatches({
      textColor: text.map(stat),
      backgroundColor: background.map(stat),
    });
    expect(new Set(swatches)).toEqual(new Set([...text, ...background.slice(0, 6)]));
  });

  it('deduplicates and sorts by hue', () => {
    const swatches = pickSwatches({
      textColor: [BLUE, RED, BLUE].map(stat),
      backgroundColor: [GREEN, RED, -16_776_961].map(stat),
    });
    expect(swatches).toEqual([RED, GREEN, BLUE]);
    expect(pickSwatches({ textColor: [], backgroundColor: [] })).toEqual([]);
  });

  it('sorts by hue, then saturation, then lightness', () => {
    const grey = 0x808080ff;
    const paleRed = 0xc08080ff;
    expect(sortByHsl([BLUE, WHITE, paleRed, RED, grey, BLACK])).toEqual([
      BLACK,
      grey,
      WHITE,
      paleRed,
      RED,
      BLUE,
    ]);
  });
});

const uint32 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const byte = fc.integer({ min: 0, max: 255 });

describe('colour properties', () => {
  it('pack and unpack round-trip', () => {
    fc.assert(
      fc.property(byte, byte, byte, byte, (r, g, b, a) => {
        expect(unpackRgba(packRgba({ r, g, b, a }))).toEqual({ r, g, b, a });
      }),
    );
    fc.assert(
      fc.property(uint32, (color) => {
        expect(packRgba(unpackRgba(color))).toBe(color);
        expect(packRgba(unpackRgba(color | 0))).toBe(color);
      }),
    );
  });

  it('HSLA round-trips exactly for RGB and within one step for alpha', () => {
    fc.assert(
      fc.property(uint32, (color) => {
        const back = unpackRgba(fromHsla(toHsla(color)));
        const original = unpackRgba(color);
        expect({ ...back, a: 0 }).toEqual({ ...original, a: 0 });
        expect(Math.abs(back.a - original.a)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('toHsla stays in range', () => {
    fc.assert(
      fc.property(uint32, (color) => {
        const { h, s, l, a } = toHsla(color);
        expect(h >= 0 && h < 360 && s >= 0 && s <= 100 + 1e-9 && l >= 0 && l <= 100).toBe(true);
        expect(a >= 0 && a <= 1).toBe(true);
      }),
    );
  });

  it('pickSwatches returns at most 8 distinct input colours, sorted', () => {
    const stats = fc.array(
      uint32.map((value) => ({ value })),
      { maxLength: 15 },
    );
    fc.assert(
      fc.property(stats, stats, (textColor, backgroundColor) => {
        const swatches = pickSwatches({ textColor, backgroundColor });
        const inputs = new Set([...textColor, ...backgroundColor].map(({ value }) => value));
        expect(swatches.length).toBeLessThanOrEqual(8);
        expect(new Set(swatches).size).toBe(swatches.length);
        expect(swatches.every((c) => inputs.has(c))).toBe(true);
        expect(sortByHsl(swatches)).toEqual(swatches);
        const distinctText = [...new Set(textColor.map(({ value }) => value))];
        for (const c of distinctText.slice(0, 5)) expect(swatches).toContain(c);
        expect(swatches.length).toBe(Math.min(8, inputs.size));
      }),
    );
  });
});
