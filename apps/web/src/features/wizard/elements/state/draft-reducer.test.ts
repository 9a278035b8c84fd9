import { describe, expect, it } from 'vitest';
import { textElement, textVariant } from '../../state/test-fixtures';
import { wizardReducer } from '../../state/wizard-state';
import { initial, picked, run, withElements } from '../../state/wizard-test-fixtures';
import type { WizardAction } from '../../state/wizard-types';
import { emptyVariant } from './draft-editor';
import { findElement } from './element-updates';

describe('openDraft', () => {
  const saved = textVariant(5, { value: 'saved' });
  const draft = textVariant(-20, { value: 'draft' }, 'draft');
  const suggestion = textVariant(-21, { value: 'ai' }, 'suggested');
  const state = () => ({
    ...withElements(textElement(1, [saved, draft, suggestion])),
    lastTemporaryId: -30,
  });

  it('of a saved variant creates a draft copy with a new id and never edits in place', () => {
    const next = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: 5,
    });
    expect(next.draft).toMatchObject({ elementId: 1, type: 'Default', sourceVariantId: 5 });
    expect(next.draft?.variants).toEqual([
      { id: -31, key: 'v31', type: 'text', isEnabled: true, marker: 'draft', info: saved.info },
    ]);
    expect(next.lastTemporaryId).toBe(-31);
    expect(next.activeElementId).toBe(1);
    expect(next.elements).toEqual(state().elements);
  });

  it('of a draft edits it in place', () => {
    const next = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: -20,
    });
    expect(next.draft?.variants).toEqual([draft]);
    expect(next.draft?.sourceVariantId).toBe(-20);
    expect(next.lastTemporaryId).toBe(-30);
  });

  it('with copy copies even a draft', () => {
    const next = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: -20,
      copy: true,
    });
    expect(next.draft?.variants).toEqual([{ ...draft, id: -31, key: 'v31' }]);
  });

  it('of a suggestion (EditSuggestion) copies it and saving replaces the suggestion', () => {
    const opened = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'EditSuggestion',
      sourceVariantId: -21,
    });
    expect(opened.draft).toMatchObject({ type: 'EditSuggestion', sourceVariantId: -21 });
    expect(opened.draft?.variants).toEqual([
      {
        id: -31,
        key: 'v31',
        type: 'text',
        isEnabled: true,
        marker: 'draft',
        info: suggestion.info,
      },
    ]);
    const edited = textVariant(-31, { value: 'ai edited' }, 'draft');
    const saved2 = wizardReducer(opened, { type: 'saveDraftLocally', variants: [edited] });
    expect(saved2.draft).toBeUndefined();
    expect(saved2.elements[0]?.variants).toEqual([saved, draft, edited]);
  });

  it('saving the copy of a saved variant keeps the saved one', () => {
    const opened = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: 5,
    });
    const copy = textVariant(-31, { value: 'changed' }, 'draft');
    const next = wizardReducer(opened, { type: 'saveDraftLocally', variants: [copy] });
    expect(next.elements[0]?.variants).toEqual([saved, draft, suggestion, copy]);
  });

  it('saving a draft edited in place replaces it where it was', () => {
    const opened = wizardReducer(state(), {
      type: 'openDraft',
      elementId: 1,
      draftType: 'Default',
      sourceVariantId: -20,
    });
    const changed = textVariant(-20, { value: 'changed' }, 'draft');
    const next = wizardReducer(opened, { type: 'saveDraftLocally', variants: [changed] });
    expect(next.elements[0]?.variants).toEqual([saved, changed, suggestion]);
  });

  it('without a source opens an empty variant', () => {
    const next = wizardReducer(state(), { type: 'openDraft', elementId: 1, draftType: 'Default' });
    expect(next.draft?.variants).toEqual([emptyVariant(textElement(1), -31)]);
    expect(next.draft?.sourceVariantId).toBeUndefined();
  });

  it('of an unknown element does nothing', () => {
    const before = state();
    expect(wizardReducer(before, { type: 'openDraft', elementId: 99, draftType: 'Default' })).toBe(
      before,
    );
  });
});

describe('draft actions', () => {
  it('draftAddVariant adds an empty variant with a new id', () => {
    const state = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      { type: 'draftAddVariant' },
    );
    expect(state.draft?.variants.map((variant) => variant.id)).toEqual([-2, -3]);
    expect(state.lastTemporaryId).toBe(-3);
  });

  it('draftAddVariant stops at 5 new variants', () => {
    const state = run(
      initial(),
      { type: 'pick', picked: picked('h1') },
      ...Array.from({ length: 6 }, (): WizardAction => ({ type: 'draftAddVariant' })),
    );
    expect(state.draft?.variants).toHaveLength(5);
  });

  it('without an open draft nothing happens', () => {
    const state = initial();
    expect(wizardReducer(state, { type: 'draftAddVariant' })).toBe(state);
    expect(wizardReducer(state, { type: 'saveDraftLocally', variants: [] })).toBe(state);
  });

  it('draftSet and closeDraft', () => {
    const opened = wizardReducer(initial(), { type: 'pick', picked: picked('h1') });
    const draft = { ...opened.draft!, submitCount: 3 };
    expect(wizardReducer(opened, { type: 'draftSet', draft }).draft).toBe(draft);
    expect(wizardReducer(opened, { type: 'closeDraft' }).draft).toBeUndefined();
  });

  it('saveDraftLocally saves the new element variants and closes the editor', () => {
    const opened = wizardReducer(initial(), { type: 'pick', picked: picked('h1') });
    const variant = textVariant(-2, { value: 'New text' }, 'draft');
    const state = wizardReducer(opened, { type: 'saveDraftLocally', variants: [variant] });
    expect(state.draft).toBeUndefined();
    expect(findElement(state, -1)?.variants).toEqual([variant]);
  });
});
