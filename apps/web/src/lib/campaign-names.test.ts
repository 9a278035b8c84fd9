import { describe, expect, it } from 'vitest';
import { elementName, labelOf, variantName } from './campaign-names';

describe('campaign names', () => {
  it('names an element by its label when it has a fingerprint', () => {
    const element = {
      type: 'text' as const,
      fingerprint: { tag: 'a', text: 'Sign up', landmark: 'nav' as const },
    };
    expect(labelOf(element)).toBe('Link “Sign up” in the navigation');
    expect(elementName(element, 0)).toBe('Link “Sign up” in the navigation');
  });

  it('falls back to type and position for elements saved without one', () => {
    expect(labelOf({})).toBeUndefined();
    expect(elementName({ type: 'text' }, 0)).toBe('Text 1');
    expect(elementName({ type: 'image' }, 1)).toBe('Image 2');
    expect(variantName(0)).toBe('Variant 1');
  });
});
