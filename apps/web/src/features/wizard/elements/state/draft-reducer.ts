import { addVariant, draftCopy, emptyVariant, openDraftEditor } from './draft-editor';
import { changeElement, findElement } from './element-updates';
import type { DraftAction, ElementsHost } from './elements-state';
import { saveDraftLocally } from './variant-life-cycle';

function openDraft<S extends ElementsHost>(
  state: S,
  action: Extract<DraftAction, { type: 'openDraft' }>,
): S {
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

export function draftReducer<S extends ElementsHost>(state: S, action: DraftAction): S {
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
