import { isPageElement, type CampaignElement } from '@kindling/domain';
import { emptyVariant, openDraftEditor } from './draft-editor';
import { collapse, collapseKey, withoutSelection } from './element-updates';
import type { ElementAction, ElementsHost } from './elements-state';
import { elementFromPick, pageElement, type PickedElement } from './variant-life-cycle';

/**
 * A click in the page: a new element opens with an empty draft; a known one just reopens. A
 * split-URL test changes no element: clicks add none to it.
 */
export function pick<S extends ElementsHost>(state: S, picked: PickedElement): S {
  const existing = state.elements.find((element) => element.selector === picked.selector);
  if (existing) return { ...state, activeElementId: existing.id };
  if (state.elements.some(isPageElement)) return state;
  return opened(state, elementFromPick(picked, state.lastTemporaryId - 1));
}

/** A split-URL test: the whole page, with an empty draft of its first address. */
function addPage<S extends ElementsHost>(state: S, url: string): S {
  if (state.elements.length > 0) return state;
  return opened(state, pageElement(url, state.lastTemporaryId - 1));
}

/** `element` added and opened with one empty draft variant. */
function opened<S extends ElementsHost>(state: S, element: CampaignElement | undefined): S {
  if (!element) return state;
  const { id } = element;
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

export function elementReducer<S extends ElementsHost>(state: S, action: ElementAction): S {
  switch (action.type) {
    case 'pick':
      return pick(state, action.picked);
    case 'addPage':
      return addPage(state, action.url);
    case 'openElement':
      return { ...state, activeElementId: action.elementId };
    case 'deleteElement':
      return {
        ...state,
        elements: state.elements.filter((element) => element.id !== action.elementId),
        activeElementId:
          state.activeElementId === action.elementId ? undefined : state.activeElementId,
        draft: state.draft?.elementId === action.elementId ? undefined : state.draft,
        selectedVariants: withoutSelection(state.selectedVariants, action.elementId),
      };
    case 'selectVariant':
      return {
        ...state,
        selectedVariants:
          action.variantId === undefined
            ? withoutSelection(state.selectedVariants, action.elementId)
            : { ...state.selectedVariants, [action.elementId]: action.variantId },
      };
    case 'collapse':
      return action.collapsed
        ? collapse(state, action.elementId, action.group)
        : {
            ...state,
            collapsed: { ...state.collapsed, [collapseKey(action.elementId, action.group)]: false },
          };
  }
}
