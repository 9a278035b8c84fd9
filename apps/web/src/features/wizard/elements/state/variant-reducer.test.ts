import { describe, expect, it } from 'vitest';
import { textElement, textVariant } from '../../state/test-fixtures';
import { wizardReducer } from '../../state/wizard-state';
import { run, withElements } from '../../state/wizard-test-fixtures';
import { findElement } from './element-updates';

describe('variant actions', () => {
  const base = () => ({
    ...withElements(
      textElement(1, [
        textVariant(5, { value: 'saved' }),
        textVariant(-20, { value: 'ai' }, 'suggested'),
      ]),
      textElement(2, [textVariant(6, { value: 'other' })]),
    ),
    lastTemporaryId: -30,
  });

  it('approveLocally turns the suggestion into a draft', () => {
    const state = wizardReducer(base(), { type: 'approveLocally', elementId: 1, variantId: -20 });
    expect(findElement(state, 1)?.variants.map((variant) => variant.marker)).toEqual([
      undefined,
      'draft',
    ]);
  });

  it('duplicateLocally adds a suggested copy with a new negative id', () => {
    const state = wizardReducer(base(), { type: 'duplicateLocally', elementId: 1, variantId: 5 });
    expect(state.lastTemporaryId).toBe(-31);
    expect(findElement(state, 1)?.variants.at(-1)).toMatchObject({
      id: -31,
      marker: 'suggested',
      info: { value: 'saved' },
    });
    expect(findElement(state, 2)).toEqual(findElement(base(), 2));
  });

  it('serverVariants replaces the saved variants and removes the approved suggestion', () => {
    const state = wizardReducer(base(), {
      type: 'serverVariants',
      elementId: 1,
      variants: [textVariant(5, { value: 'saved' }), textVariant(7, { value: 'ai' })],
      removedSuggestionId: -20,
    });
    expect(findElement(state, 1)?.variants.map((variant) => variant.id)).toEqual([5, 7]);
  });

  it('variantEnabled enables or disables a variant', () => {
    const state = wizardReducer(base(), {
      type: 'variantEnabled',
      elementId: 1,
      variantId: 5,
      isEnabled: false,
    });
    expect(findElement(state, 1)?.variants[0]?.isEnabled).toBe(false);
    expect(findElement(state, 2)?.variants[0]?.isEnabled).toBe(true);
  });

  it('variantRemoved removes the variant and its selection', () => {
    const selected = run(
      base(),
      { type: 'selectVariant', elementId: 1, variantId: 5 },
      { type: 'selectVariant', elementId: 2, variantId: 6 },
    );
    const state = wizardReducer(selected, { type: 'variantRemoved', elementId: 1, variantId: 5 });
    expect(findElement(state, 1)?.variants.map((variant) => variant.id)).toEqual([-20]);
    expect(state.selectedVariants).toEqual({ 2: 6 });
  });

  it('variantRemoved keeps the selection of another variant', () => {
    const selected = wizardReducer(base(), { type: 'selectVariant', elementId: 1, variantId: -20 });
    const state = wizardReducer(selected, { type: 'variantRemoved', elementId: 1, variantId: 5 });
    expect(state.selectedVariants).toEqual({ 1: -20 });
  });
});
