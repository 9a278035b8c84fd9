import {
  CANCEL_DRAFT,
  DELETE_ELEMENT,
  DELETE_VARIANT,
  DUPLICATE_VARIANT,
  type CampaignElement,
  type Variant,
} from '@kindling/domain';
import { useMemo, type Dispatch } from 'react';
import { isApiError } from '../../../../lib/api-client';
import { useLatest } from '../../../../lib/use-latest';
import { useConfirm } from '../../../../ui/confirm-dialog';
import { toastError } from '../../../../ui/toast';
import { addVariants, deleteVariant, updateVariantEnabled } from '../api/variants-api';
import { focusDraftVariant } from './draft-focus';
import { isDirty, submitDraft, type DraftEditorState } from '../state/draft-editor';
import { findElement } from '../state/element-updates';
import type { WizardAction, WizardState } from '../../state/wizard-types';
import type { PreviewControls, VariantActions } from '../../hooks/wizard-context';

interface Options {
  team: string;
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  /** Resets the page after a cancel, delete or save (spec section 4, "Variant life cycle"). */
  preview: Pick<PreviewControls, 'showVariant'>;
}

const findVariant = (element: CampaignElement | undefined, id: number): Variant | undefined =>
  (element?.variants as Variant[] | undefined)?.find((variant) => variant.id === id);

/** A server variant is one without a client marker; only those exist in the database. */
const isSaved = (variant: Variant | undefined) => variant !== undefined && !variant.marker;

/** A 400 duplicate-variant names the offending variants as `variants.{i}`: put it under them. */
function withServerErrors(draft: DraftEditorState, saved: Variant[], error: unknown) {
  if (!isApiError(error) || error.code !== DUPLICATE_VARIANT.code) return draft;
  const errors = { ...draft.errors };
  saved.forEach((variant, i) => {
    const message = error.fields[`variants.${i}`];
    if (message) errors[variant.id] = message;
  });
  return { ...draft, errors };
}

/**
 * The VariantActions of the wizard context: create mode changes the campaign being built,
 * update mode talks to the server first. Every action reads the latest state, since a confirm
 * dialog or a request may be answered after other changes.
 */
export function useVariantActions(options: Options): VariantActions {
  const { team, dispatch } = options;
  const latest = useLatest(options);
  const confirm = useConfirm();

  return useMemo((): VariantActions => {
    const current = () => latest.current.state;
    const show = (element: CampaignElement | undefined, variant: Variant | undefined) => {
      if (element) latest.current.preview.showVariant(element, variant);
    };
    const select = (element: CampaignElement, variant: Variant | undefined) => {
      dispatch({ type: 'selectVariant', elementId: element.id, variantId: variant?.id });
      show(element, variant);
    };

    async function postVariants(element: CampaignElement, variants: Variant[], replaced?: number) {
      const { campaignId } = current();
      if (campaignId === undefined) throw new Error('A saved campaign has an id');
      const result = await addVariants(team, { campaignId, elementId: element.id, variants });
      dispatch({
        type: 'serverVariants',
        elementId: element.id,
        variants: result.variants,
        removedSuggestionId: replaced,
      });
      const first = result.variants.find((variant) => variant.id === result.newVariantIds[0]);
      select(element, first);
    }

    async function saveDraft() {
      const state = current();
      const draft = state.draft;
      const element = findElement(state, draft?.elementId);
      if (!draft || !element) return;
      const result = submitDraft(draft, element);
      dispatch({ type: 'draftSet', draft: result.draft });
      if (result.firstErrorId !== undefined) {
        focusDraftVariant(result.firstErrorId);
        return;
      }
      if (state.mode === 'create') {
        dispatch({ type: 'saveDraftLocally', variants: result.variants });
        select(element, result.variants[0]);
        return;
      }
      const replaced = draft.type === 'EditSuggestion' ? draft.sourceVariantId : undefined;
      try {
        await postVariants(element, result.variants, replaced);
        dispatch({ type: 'closeDraft' });
      } catch (error) {
        // The draft stays open with what was typed; the server's reason is shown.
        dispatch({
          type: 'draftSet',
          draft: withServerErrors(result.draft, result.variants, error),
        });
        toastError(error);
      }
    }

    return {
      async approve(elementId, variantId) {
        const state = current();
        const element = findElement(state, elementId);
        const suggestion = findVariant(element, variantId);
        if (!element || !suggestion) return;
        if (state.mode === 'create') {
          dispatch({ type: 'approveLocally', elementId, variantId });
          return;
        }
        try {
          await postVariants(element, [suggestion], variantId);
        } catch (error) {
          toastError(error);
        }
      },

      saveDraft,

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
        const state = current();
        const variant = findVariant(findElement(state, elementId), variantId);
        dispatch({ type: 'variantEnabled', elementId, variantId, isEnabled });
        if (state.mode !== 'update' || !isSaved(variant)) return;
        try {
          await updateVariantEnabled(team, variantId, isEnabled);
        } catch (error) {
          dispatch({ type: 'variantEnabled', elementId, variantId, isEnabled: !isEnabled });
          toastError(error);
        }
      },

      async remove(elementId, variantId) {
        const state = current();
        const element = findElement(state, elementId);
        const onServer = state.mode === 'update' && isSaved(findVariant(element, variantId));
        const confirmed = await confirm({
          ...DELETE_VARIANT,
          onConfirm: onServer ? () => deleteVariant(team, variantId) : undefined,
        });
        if (!confirmed) return;
        const wasShown = current().selectedVariants[elementId] === variantId;
        dispatch({ type: 'variantRemoved', elementId, variantId });
        if (wasShown) show(element, undefined);
      },

      duplicate(elementId, variantId) {
        if (current().mode === 'create') {
          dispatch({ type: 'duplicateLocally', elementId, variantId });
          return;
        }
        dispatch({
          type: 'openDraft',
          elementId,
          draftType: 'Default',
          sourceVariantId: variantId,
          copy: true,
        });
      },

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
  }, [team, dispatch, confirm, latest]);
}
