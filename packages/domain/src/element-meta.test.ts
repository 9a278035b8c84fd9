import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elementMetaCacheKey, selectorHash, updateElementMetaSchema } from './element-meta';

describe('element meta cache key', () => {
  it('is describe/element/{url}/{hash} with non-word characters as "_"', () => {
    const key = elementMetaCacheKey('https://example.com/pricing?a=1', '#hero > h1');
    expect(key).toBe(
      `describe_element_https___example_com_pricing_a_1_${selectorHash('#hero > h1')}`,
    );
  });

  it('is always accepted by the request schema and differs by selector', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.string(), fc.string(), (url, a, b) => {
        const key = elementMetaCacheKey(url, a);
        expect(key).toMatch(/^\w+$/);
        expect(
          updateElementMetaSchema.safeParse({ id: 1, context: 'x', cacheKey: key }).success,
        ).toBe(key.length <= 600);
        if (selectorHash(a) !== selectorHash(b)) expect(key).not.toBe(elementMetaCacheKey(url, b));
      }),
    );
  });

  it('hashes to 8 hex digits, the same every time', () => {
    expect(selectorHash('')).toBe('811c9dc5');
    expect(selectorHash('a')).toBe('e40c292c');
  });
});
