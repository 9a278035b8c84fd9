import { addVariant, draftCopy, emptyVariant, openDraftEditor } from './draft-editor';
import { suggestedVariants } from './suggestions';
import { changeElement, findElement, withoutSelection } from './element-updates';
import {
  approveSuggestionLocally,
  duplicateLocally,
  elementFromPick,
  removeVariant,
  saveDraftLocally,
  setVariantEnabled,
  withServerVariants,
  type PickedElement,
} from './variant-life-cycle';
import type { WizardAction, WizardState } from '../../state/wizard-types';

export function pick(state: WizardState, picked: PickedElement): WizardState {
  const existing = state.elements.find((element) => element.selector === picked.selector);
  if (existing) return { ...state, activeElementId: existing.id };
  const id = state.lastTemporaryId - 1;
  const element = elementFromPick(picked, id);
  if (!element) return state;
  const variantId = id - 1;
  return {
    ...state,
    lastTemporaryId: variantId,
    elements: [...state.elements, element],
    activeElementId: id,
    draft: openDraftEditor({
      element,
      type: 'Default',
      variants: [emptyVariant(element, variantId)],
    }),
  };
}

function openDraft(state: WizardState, action: Extract<WizardAction, { type: 'openDraft' }>) {
  const element = findElement(state, action.elementId);
  if (!element) return state;
  const source = element.variants.find((variant) => variant.id === action.sourceVariantId);
  let lastTemporaryId = state.lastTemporaryId;
  const newId = () => (lastTemporaryId -= 1);
  // A saved variant is never edited in place: its statistics belong to what visitors saw.
  const variants = source
    ? [action.copy === true || source.marker !== 'draft' ? draftCopy(source, newId()) : source]
    : [emptyVariant(element, newId())];
  return {
    ...state,
    lastTemporaryId,
    activeElementId: element.id,
    draft: openDraftEditor({
      element,
      type: action.draftType,
      variants,
      sourceVariantId: source?.id,
    }),
  };
}

export type VariantAction = Extract<
  WizardAction,
  {
    type:
      | 'approveLocally'
      | 'duplicateLocally'
      | 'serverVariants'
      | 'addSuggestions'
      | 'variantEnabled'
      | 'variantRemoved';
  }
>;
export type DraftAction = Extract<
  WizardAction,
  { type: 'openDraft' | 'draftAddVariant' | 'draftSet' | 'closeDraft' | 'saveDraftLocally' }
>;

export function variantReducer(state: WizardState, action: VariantAction): WizardState {
  switch (action.type) {
    case 'approveLocally':
      return changeElement(state, action.elementId, (e) =>
        approveSuggestionLocally(e, action.variantId),
      );
    case 'duplicateLocally': {
      const id = state.lastTemporaryId - 1;
      return {
        ...changeElement(state, action.elementId, (e) => duplicateLocally(e, action.variantId, id)),
        lastTemporaryId: id,
      };
    }
    case 'serverVariants':
      return changeElement(state, action.elementId, (e) =>
        withServerVariants(e, action.variants, action.removedSuggestionId),
      );
    case 'addSuggestions': {
      let lastTemporaryId = state.lastTemporaryId;
      const next = changeElement(state, action.elementId, (element) =>
        element.type === 'text'
          ? {
              ...element,
              variants: [
                ...element.variants,
                ...suggestedVariants(element, action.texts, () => (lastTemporaryId -= 1)),
              ],
            }
          : element,
      );
      return { ...next, lastTemporaryId };
    }
    case 'variantEnabled':
      return changeElement(state, action.elementId, (e) =>
        setVariantEnabled(e, action.variantId, action.isEnabled),
      );
    case 'variantRemoved':
      return {
        ...changeElement(state, action.elementId, (e) => removeVariant(e, action.variantId)),
        selectedVariants:
          state.selectedVariants[action.elementId] === action.variantId
            ? withoutSelection(state.selectedVariants, action.elementId)
            : state.selectedVariants,
      };
  }
}

export function draftReducer(state: WizardState, action: DraftAction): WizardState {
  switch (action.type) {
    case 'openDraft':
      return openDraft(state, action);
    case 'draftAddVariant': {
      const element = findElement(state, state.draft?.elementId);
      if (!state.draft || !element) return state;
      const id = state.lastTemporaryId - 1;
      return { ...state, lastTemporaryId: id, draft: addVariant(state.draft, element, id) };
    }
    case 'draftSet':
      return { ...state, draft: action.draft };
    case 'closeDraft':
      return { ...state, draft: undefined };
    case 'saveDraftLocally': {
      const draft = state.draft;
      if (!draft) return state;
      const replaced = draft.type === 'EditSuggestion' ? draft.sourceVariantId : undefined;
      return {
        ...changeElement(state, draft.elementId, (e) =>
          saveDraftLocally(e, action.variants, replaced),
        ),
        draft: undefined,
      };
    }
  }
}
