import { SWATCH_TEXT_LIMIT, SWATCH_TOTAL } from './constants';
import type { DomStats } from './element-schema';

// Colours are one 32-bit integer packed as red, green, blue, alpha bytes, red in
// the most significant byte (spec section 3). Signed int32 input (as stored by
// PostgreSQL `integer`) is accepted and read as the same 32 bits.

export interface Rgba {
  /** 0..255 */
  r: number;
  g: number;
  b: number;
  /** 0..255 (not 0..1) */
  a: number;
}

export interface Hsla {
  /** Hue in degrees, 0 <= h < 360 */
  h: number;
  /** Saturation in percent, 0..100 */
  s: number;
  /** Lightness in percent, 0..100 */
  l: number;
  /** Alpha 0..1, rounded to 2 decimals */
  a: number;
}

function assertByte(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 255) {
    throw new RangeError(`${name} must be an integer 0..255, got ${value}`);
  }
}

export function packRgba({ r, g, b, a }: Rgba): number {
  assertByte('r', r);
  assertByte('g', g);
  assertByte('b', b);
  assertByte('a', a);
  return ((r << 24) | (g << 16) | (b << 8) | a) >>> 0;
}

export function unpackRgba(color: number): Rgba {
  const bits = color >>> 0;
  return { r: (bits >>> 24) & 255, g: (bits >>> 16) & 255, b: (bits >>> 8) & 255, a: bits & 255 };
}

/** Alpha byte 0..255 -> 0..1 rounded to 2 decimals. */
export function alphaToUnit(alpha: number): number {
  return Math.round((alpha / 255) * 100) / 100;
}

export function toHsla(color: number): Hsla {
  const { r, g, b, a } = unpackRgba(color);
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const delta = max - min;
  const l = (max + min) / 2;
  const s = delta === 0 ? 0 : delta / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (delta !== 0) {
    if (max === rf) h = ((gf - bf) / delta) % 6;
    else if (max === gf) h = (bf - rf) / delta + 2;
    else h = (rf - gf) / delta + 4;
  }
  const degrees = (h * 60 + 360) % 360;
  return { h: degrees, s: s * 100, l: l * 100, a: alphaToUnit(a) };
}

/** Inverse of toHsla (up to rounding); `a` is 0..1. */
export function fromHsla({ h, s, l, a }: Hsla): number {
  const sf = Math.min(Math.max(s, 0), 100) / 100;
  const lf = Math.min(Math.max(l, 0), 100) / 100;
  const hue = ((h % 360) + 360) % 360;
  const chroma = (1 - Math.abs(2 * lf - 1)) * sf;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lf - chroma / 2;
  const sector = Math.floor(hue / 60);
  const [r1, g1, b1] = (
    [
      [chroma, x, 0],
      [x, chroma, 0],
      [0, chroma, x],
      [0, x, chroma],
      [x, 0, chroma],
      [chroma, 0, x],
    ] as const
  )[sector] ?? [0, 0, 0];
  const byte = (v: number): number => Math.min(255, Math.max(0, Math.round((v + m) * 255)));
  return packRgba({ r: byte(r1), g: byte(g1), b: byte(b1), a: unitToAlpha(a) });
}

function unitToAlpha(unit: number): number {
  return Math.round(Math.min(Math.max(unit, 0), 1) * 255);
}

/** e.g. "hsla(204, 99%, 31%, 1)"; hue, saturation and lightness rounded to integers. */
export function formatHsla(color: number): string {
  const { h, s, l, a } = toHsla(color);
  return `hsla(${Math.round(h) % 360}, ${Math.round(s)}%, ${Math.round(l)}%, ${a})`;
}

/** e.g. "rgba(1, 97, 157, 1)" */
export function formatRgba(color: number): string {
  const { r, g, b, a } = unpackRgba(color);
  return `rgba(${r}, ${g}, ${b}, ${alphaToUnit(a)})`;
}

/** e.g. "#01619dff" (lossless, unlike the rgba/hsla forms). */
export function formatHex(color: number): string {
  return `#${(color >>> 0).toString(16).padStart(8, '0')}`;
}

/**
 * Swatches for the colour picker (spec section 9): up to 5 text colours, then
 * background colours up to 8 in total, then further text colours up to 8 in total,
 * without duplicates, sorted by hue, saturation and lightness.
 */
export function pickSwatches(domStats: Pick<DomStats, 'textColor' | 'backgroundColor'>): number[] {
  const picked = new Set<number>();
  const take = (colors: readonly { value: number }[], limit: number): void => {
    for (const { value } of colors) {
      if (picked.size >= limit) return;
      picked.add(value >>> 0);
    }
  };
  take(domStats.textColor, SWATCH_TEXT_LIMIT);
  take(domStats.backgroundColor, SWATCH_TOTAL);
  take(domStats.textColor, SWATCH_TOTAL);
  return sortByHsl([...picked]);
}

/** Sorted copy: by hue, then saturation, then lightness, ascending. */
export function sortByHsl(colors: readonly number[]): number[] {
  return colors
    .map((color) => ({ color, hsla: toHsla(color) }))
    .sort((x, y) => x.hsla.h - y.hsla.h || x.hsla.s - y.hsla.s || x.hsla.l - y.hsla.l)
    .map(({ color }) => color);
}
