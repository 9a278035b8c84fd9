import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isValidSlug, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Acme Inc.', 'acme-inc'],
    ['  Hello   World  ', 'hello-world'],
    ['Crème Brûlée Co', 'creme-brulee-co'],
    ['ACME__2024!!', 'acme-2024'],
    ['---', 'team'],
    ['', 'team'],
    ['日本', 'team'],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('cuts at 48 characters without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(47)} b`);
    expect(slug).toBe('a'.repeat(47));
    expect(slugify('x'.repeat(100))).toHaveLength(48);
  });

  it('always yields a valid, idempotent slug', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const slug = slugify(name);
        expect(isValidSlug(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
