import {
  suggestionKey,
  type TextElement,
  type TextVariant,
  type VariantStyle,
} from '@kindling/domain';

// AI suggestions (spec section 4): generated texts become "suggested" variants of the element,
// waiting to be approved.

/**
 * Suggested text variants for the generated texts, in order, each under a new temporary id
 * (`key` v{-id}, like a new draft). Blank texts, texts equal to the element's original or to one
 * of its variants, and repeats are left out, so fewer variants than texts can come back.
 */
export function suggestedVariants(
  element: TextElement,
  texts: readonly string[],
  nextId: () => number,
  /** The generation options' styles: each suggestion keeps them (suggest similar). */
  styles: readonly VariantStyle[] = [],
): TextVariant[] {
  const seen = new Set(
    [element.control.info.value, ...element.variants.map((variant) => variant.info.value)].map(
      suggestionKey,
    ),
  );
  const suggestions: TextVariant[] = [];
  for (const raw of texts) {
    const value = raw.trim();
    const key = suggestionKey(value);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    const id = nextId();
    suggestions.push({
      id,
      key: `v${-id}`,
      type: 'text',
      isEnabled: true,
      marker: 'suggested',
      info: { value, textType: 'normal', styles: [...styles], creationMethod: 'generated' },
    });
  }
  return suggestions;
}
