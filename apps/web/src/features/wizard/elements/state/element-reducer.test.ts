import { describe, expect, it } from 'vitest';
import { textElement, textVariant } from '../../state/test-fixtures';
import { wizardReducer } from '../../state/wizard-state';
import { initial, picked, run, withElements } from '../../state/wizard-test-fixtures';
import type { WizardState } from '../../state/wizard-types';
import { emptyVariant } from './draft-editor';
import { isCollapsed } from './element-updates';

describe('pick', () => {
  it('adds a new element with a temporary negative id and opens the Default draft editor', () => {
    const state = wizardReducer(initial(), { type: 'pick', picked: picked('h1') });
    expect(state.elements).toHaveLength(1);
    const element = state.elements[0]!;
    expect(element).toMatchObject({ id: -1, selector: 'h1', type: 'text', __new__: true });
    expect(element.control.info).toMatchObject({ value: 'Text of h1' });
    expect(state.activeElementId).toBe(-1);
    expect(state.draft).toMatchObject({
      elementId: -1,
      type: 'Default',
      submitCount: 0,
      variants: [emptyVariant(element, -2)],
    });
    expect(state.lastTemporaryId).toBe(-2);
  });

  it('opens an image draft for an image pick', () => {
    const state = wizardReducer(initial(), { type: 'pick', picked: picked('img.hero', 'image') });
    expect(state.elements[0]).toMatchObject({
      type: 'image',
      control: { info: { src: 'https://shop.example.com/a.png' } },
    });
    expect(state.draft?.variants).toEqual([emptyVariant(state.elements[0]!, -2)]);
  });

  it('picking the same selector again only re-opens the element', () => {
    const first = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'closeDraft' },
      {
        type: 'openElement',
        elementId: undefined,
      },
    );
    const again = wizardReducer(first, { type: 'pick', picked: picked('h1') });
    expect(again.elements).toEqual(first.elements);
    expect(again.activeElementId).toBe(-1);
    expect(again.draft).toBeUndefined();
    expect(again.lastTemporaryId).toBe(first.lastTemporaryId);
  });

  it('ignores layout picks', () => {
    const state = initial();
    expect(wizardReducer(state, { type: 'pick', picked: picked('div.row', 'layout') })).toBe(state);
  });

  it('a second element gets the next ids', () => {
    const state = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'pick', picked: picked('h2') },
    );
    expect(state.elements.map((element) => element.id)).toEqual([-1, -3]);
    expect(state.draft).toMatchObject({ elementId: -3, variants: [{ id: -4 }] });
  });
});

describe('collapse', () => {
  const saved = textVariant(5, { value: 'saved' });
  const draft = textVariant(-6, { value: 'draft' }, 'draft');
  const suggestion = textVariant(-7, { value: 'ai' }, 'suggested');
  const selecting = (variantId: number) =>
    run(
      withElements(textElement(1, [saved, draft, suggestion]), textElement(2, [textVariant(8)])),
      { type: 'selectVariant', elementId: 1, variantId },
      { type: 'selectVariant', elementId: 2, variantId: 8 },
    );
  const collapse = (state: WizardState, group: 'element' | 'suggested' | 'saved', elementId = 1) =>
    wizardReducer(state, { type: 'collapse', elementId, group, collapsed: true });

  it('the element group always clears the selected variant', () => {
    for (const id of [5, -6, -7]) {
      const state = collapse(selecting(id), 'element');
      expect(state.selectedVariants).toEqual({ 2: 8 });
      expect(isCollapsed(state, 1, 'element')).toBe(true);
    }
  });

  it('the suggested group clears it only for a suggestion', () => {
    expect(collapse(selecting(-7), 'suggested').selectedVariants).toEqual({ 2: 8 });
    expect(collapse(selecting(5), 'suggested').selectedVariants).toEqual({ 1: 5, 2: 8 });
    expect(collapse(selecting(-6), 'suggested').selectedVariants).toEqual({ 1: -6, 2: 8 });
  });

  it('the saved group clears it for saved variants and drafts, not suggestions', () => {
    expect(collapse(selecting(5), 'saved').selectedVariants).toEqual({ 2: 8 });
    expect(collapse(selecting(-6), 'saved').selectedVariants).toEqual({ 2: 8 });
    expect(collapse(selecting(-7), 'saved').selectedVariants).toEqual({ 1: -7, 2: 8 });
  });

  it('only affects its own element', () => {
    const state = collapse(selecting(5), 'element', 2);
    expect(state.selectedVariants).toEqual({ 1: 5 });
    expect(isCollapsed(state, 2, 'element')).toBe(true);
    expect(isCollapsed(state, 1, 'element')).toBe(false);
  });

  it('expanding keeps the selection and clears the collapsed flag', () => {
    const collapsed = collapse(selecting(-7), 'saved');
    const expanded = wizardReducer(collapsed, {
      type: 'collapse',
      elementId: 1,
      group: 'saved',
      collapsed: false,
    });
    expect(isCollapsed(collapsed, 1, 'saved')).toBe(true);
    expect(isCollapsed(expanded, 1, 'saved')).toBe(false);
    expect(isCollapsed(expanded, 1, 'suggested')).toBe(false);
    expect(expanded.selectedVariants).toEqual({ 1: -7, 2: 8 });
  });
});

describe('deleteElement', () => {
  it('removes the element with its selection, and closes it when open', () => {
    const state = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'selectVariant', elementId: -1, variantId: -2 },
      { type: 'deleteElement', elementId: -1 },
    );
    expect(state.elements).toEqual([]);
    expect(state.activeElementId).toBeUndefined();
    expect(state.draft).toBeUndefined();
    expect(state.selectedVariants).toEqual({});
  });

  it('leaves another open element and its draft alone', () => {
    const two = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'pick', picked: picked('h2') },
      { type: 'selectVariant', elementId: -3, variantId: -4 },
    );
    const state = wizardReducer(two, { type: 'deleteElement', elementId: -1 });
    expect(state.elements.map((element) => element.id)).toEqual([-3]);
    expect(state.activeElementId).toBe(-3);
    expect(state.draft?.elementId).toBe(-3);
    expect(state.selectedVariants).toEqual({ [-3]: -4 });
  });
});
