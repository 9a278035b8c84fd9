import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnsafeText, hasUnsafeCharacters, isBlankText, trimText } from './text';

describe('blank text', () => {
  it.each(['', '   ', '\u200B', '\u200C\u200D', '\uFEFF \t\n', '\u2060\u00AD', '\u180E'])(
    'counts %j as blank',
    (text) => expect(isBlankText(text)).toBe(true),
  );

  it.each(['a', ' x ', '\u200Bb', '😀', '·'])('counts %j as text', (text) => {
    expect(isBlankText(text)).toBe(false);
  });

  it('trims invisible characters at both ends only', () => {
    expect(trimText('\u200B Acme\u200DCo \uFEFF')).toBe('Acme\u200DCo');
  });

  it('property: trimmed text is blank exactly when the text was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(isBlankText(trimText(text))).toBe(isBlankText(text));
        expect(trimText(trimText(text))).toBe(trimText(text));
      }),
    );
  });
});

describe('unsafe characters', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'x\uD800'],
    ['a lone low surrogate', '\uDC00y'],
    ['reversed surrogates', '\uDC00\uD800'],
  ])('finds %s', (_label, text) => expect(hasUnsafeCharacters(text)).toBe(true));

  it('accepts paired surrogates (emoji) and ordinary text', () => {
    expect(hasUnsafeCharacters('Grow 😀 faster — naïve')).toBe(false);
  });

  it('names the path of the first unsafe string, keys included', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'bad\u0000' }] })).toBe('a.1.c');
    expect(findUnsafeText({ ['k\uD800']: 1 })).toBe('k\uD800');
    expect(findUnsafeText({ a: ['fine', 3, null, true] })).toBeUndefined();
  });

  it('property: names the same path as a walk that copies the path at every node', () => {
    // The straightforward walk findUnsafeText replaced (issue 34), as the reference.
    const reference = (value: unknown, maxDepth = 64): string | undefined => {
      const walk = (node: unknown, path: string[], depth: number): string | undefined => {
        if (typeof node === 'string') return hasUnsafeCharacters(node) ? path.join('.') : undefined;
        if (typeof node !== 'object' || node === null || depth > maxDepth) return undefined;
        for (const [key, child] of Object.entries(node)) {
          const at = [...path, key];
          if (hasUnsafeCharacters(key)) return at.join('.');
          const found = walk(child, at, depth + 1);
          if (found !== undefined) return found;
        }
        return undefined;
      };
      return walk(value, [], 0);
    };
    const text = fc.oneof(
      fc.string({ maxLength: 4 }),
      fc.constantFrom('a\u0000b', '\uD800', 'x\uDC00y', '\uD83D\uDE00'),
    );
    fc.assert(
      fc.property(
        fc.anything({ maxDepth: 4, key: text, values: [text, fc.integer(), fc.constant(null)] }),
        fc.integer({ min: 0, max: 5 }),
        (value, maxDepth) => {
          expect(findUnsafeText(value, maxDepth)).toBe(reference(value, maxDepth));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: well-formed strings without NUL are never flagged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(!text.includes('\u0000'));
        expect(hasUnsafeCharacters(text)).toBe(false);
      }),
    );
  });
});
