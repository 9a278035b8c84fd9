import { changeElement, withoutSelection } from './element-updates';
import type { ElementsHost, VariantAction } from './elements-state';
import {
  imagePlaceholders,
  withGeneratedImages,
  withImageStatus,
  withPlaceholders,
} from './image-suggestions';
import { suggestedVariants } from './suggestions';
import {
  approveSuggestionLocally,
  duplicateLocally,
  removeVariant,
  setVariantEnabled,
  withServerVariants,
} from './variant-life-cycle';

export function variantReducer<S extends ElementsHost>(state: S, action: VariantAction): S {
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
                ...suggestedVariants(
                  element,
                  action.texts,
                  () => (lastTemporaryId -= 1),
                  action.styles,
                ),
              ],
            }
          : element,
      );
      return { ...next, lastTemporaryId };
    }
    case 'imageJobStarted':
      return {
        ...changeElement(state, action.elementId, (e) =>
          e.type === 'image' ? withPlaceholders(e, imagePlaceholders(action.variantIds)) : e,
        ),
        lastTemporaryId: Math.min(state.lastTemporaryId, ...action.variantIds),
      };
    case 'imageJobProgress':
      return changeElement(state, action.elementId, (e) =>
        e.type === 'image' ? withImageStatus(e, action.variantIds, action.status) : e,
      );
    case 'imageJobDone':
      return changeElement(state, action.elementId, (e) =>
        e.type === 'image' ? withGeneratedImages(e, action.variantIds, action.images) : e,
      );
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
