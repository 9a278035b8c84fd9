import {
  CANCEL_DRAFT,
  DELETE_ELEMENT,
  DELETE_VARIANT,
  type CampaignElement,
  type Variant,
} from '@kindling/domain';
import { useMemo } from 'react';
import { useCurrentTeam } from '../../../../lib/current-team';
import { useConfirm } from '../../../../ui/confirm-dialog';
import { useEditMode } from '../../hooks/edit-mode-context';
import { usePreviewControls } from '../../hooks/preview-controls';
import { useWizardStore } from '../../hooks/wizard-store';
import { isDirty, submitDraft } from '../state/draft-editor';
import { findElement } from '../state/element-updates';
import { focusDraftVariant } from './draft-focus';
import { VARIANT_CHANGES } from './variant-changes';
import type { VariantActions } from './variant-actions';

const findVariant = (element: CampaignElement | undefined, id: number): Variant | undefined =>
  (element?.variants as Variant[] | undefined)?.find((variant) => variant.id === id);

/**
 * The side menu's VariantActions. The edit mode's variant changes decide where approving,
 * saving, enabling, deleting and duplicating land (locally, or on the server first). Every
 * action reads the latest state, since a confirm dialog or a request may be answered after
 * other changes.
 */
export function useVariantActionHandlers(): VariantActions {
  const { slug: team } = useCurrentTeam();
  const { dispatch, latest } = useWizardStore();
  const preview = usePreviewControls();
  const editMode = useEditMode();
  const confirm = useConfirm();

  return useMemo((): VariantActions => {
    const current = () => latest.current;
    // Cancel, delete and save reset the page (spec section 4, "Variant life cycle").
    const show = (element: CampaignElement | undefined, variant: Variant | undefined) => {
      if (element) preview.showVariant(element, variant);
    };
    const select = (element: CampaignElement, variant: Variant | undefined) => {
      dispatch({ type: 'selectVariant', elementId: element.id, variantId: variant?.id });
      show(element, variant);
    };
    const changes = VARIANT_CHANGES[editMode.variantChanges]({
      team,
      dispatch,
      campaignId: () => current().campaignId,
      select,
    });

    return {
      async approve(elementId, variantId) {
        const element = findElement(current(), elementId);
        const suggestion = findVariant(element, variantId);
        if (!element || !suggestion) return;
        await changes.approve(element, suggestion);
      },

      async saveDraft() {
        const state = current();
        const draft = state.draft;
        const element = findElement(state, draft?.elementId);
        if (!draft || !element) return;
        const checked = submitDraft(draft, element);
        dispatch({ type: 'draftSet', draft: checked.draft });
        if (checked.firstErrorId !== undefined) {
          focusDraftVariant(checked.firstErrorId);
          return;
        }
        await changes.saveDraft(element, draft, checked);
      },

      async cancelDraft() {
        const draft = current().draft;
        if (!draft) return;
        if (isDirty(draft) && !(await confirm(CANCEL_DRAFT))) return;
        dispatch({ type: 'closeDraft' });
        // The page goes back to what the side menu shows: the selected variant or the original.
        const state = current();
        const element = findElement(state, draft.elementId);
        const selectedId = state.selectedVariants[draft.elementId];
        show(element, selectedId === undefined ? undefined : findVariant(element, selectedId));
      },

      async setEnabled(elementId, variantId, isEnabled) {
        const variant = findVariant(findElement(current(), elementId), variantId);
        dispatch({ type: 'variantEnabled', elementId, variantId, isEnabled });
        await changes.keepEnabled(elementId, variant, isEnabled);
      },

      async remove(elementId, variantId) {
        const element = findElement(current(), elementId);
        const confirmed = await confirm({
          ...DELETE_VARIANT,
          onConfirm: changes.deleteCall(findVariant(element, variantId)),
        });
        if (!confirmed) return;
        const wasShown = current().selectedVariants[elementId] === variantId;
        dispatch({ type: 'variantRemoved', elementId, variantId });
        if (wasShown) show(element, undefined);
      },

      duplicate: changes.duplicate,

      edit(elementId, variantId) {
        const variant = findVariant(findElement(current(), elementId), variantId);
        if (!variant) return;
        dispatch({
          type: 'openDraft',
          elementId,
          draftType: variant.marker === 'suggested' ? 'EditSuggestion' : 'Default',
          sourceVariantId: variantId,
        });
      },

      async deleteElement(elementId) {
        const element = findElement(current(), elementId);
        if (!element || !(await confirm(DELETE_ELEMENT))) return;
        dispatch({ type: 'deleteElement', elementId });
        show(element, undefined);
      },
    };
  }, [team, dispatch, latest, preview, editMode, confirm]);
}
