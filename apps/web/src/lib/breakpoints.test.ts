import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { below, MEDIA_WIDTHS } from './breakpoints';

const SRC = path.resolve(import.meta.dirname, '..');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

/** Each `(max-width: Npx)` / `(min-width: Npx)` of an `@media` rule, with where it is. */
function mediaWidths(file: string): { kind: 'max' | 'min'; width: number; where: string }[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/@media[^{]*/g)].flatMap((rule) =>
    [...rule[0].matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)].map((match) => ({
      kind: match[1] as 'max' | 'min',
      width: Number(match[2]),
      where: `${path.relative(SRC, file)}: ${rule[0].trim()}`,
    })),
  );
}

describe('breakpoints', () => {
  it('builds the media query of the layout below a breakpoint', () => {
    expect(below('phone')).toBe('(max-width: 767px)');
    expect(below('tablet')).toBe('(max-width: 959px)');
  });

  it('is the only source of the widths media queries in stylesheets use', () => {
    const found = stylesheets(SRC).flatMap(mediaWidths);
    expect(found.length).toBeGreaterThan(0);
    const strays = found.filter(({ kind, width }) => !MEDIA_WIDTHS[kind].includes(width));
    expect(strays.map((stray) => stray.where)).toEqual([]);
  });
});
