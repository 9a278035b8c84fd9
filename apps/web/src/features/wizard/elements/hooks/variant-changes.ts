import { DUPLICATE_VARIANT, type CampaignElement, type Variant } from '@kindling/domain';
import type { Dispatch } from 'react';
import { isApiError } from '../../../../lib/api-client';
import { toastError } from '../../../../ui/toast';
import type { VariantChangeTarget } from '../../state/edit-mode';
import { deleteVariant, updateVariantEnabled } from '../../../../lib/campaigns-api';
import { addVariants } from '../api/variants-api';
import type { DraftEditorState, SubmitResult } from '../state/draft-editor';
import type { ElementsAction } from '../state/elements-state';

/** What the variant changes need from the wizard; read when called, never captured stale. */
export interface VariantChangeTools {
  team: string;
  dispatch: Dispatch<ElementsAction>;
  /** The saved campaign's id; only a saved campaign has one. */
  campaignId: () => number | undefined;
  /** Selects the variant and shows it in the preview. */
  select: (element: CampaignElement, variant: Variant | undefined) => void;
}

/** Where approving, saving, enabling, deleting and duplicating a variant take effect. */
export interface VariantChanges {
  approve: (element: CampaignElement, suggestion: Variant) => Promise<void>;
  /** Saves a draft that passed its checks and closes it; a failure leaves it open. */
  saveDraft: (
    element: CampaignElement,
    draft: DraftEditorState,
    checked: SubmitResult,
  ) => Promise<void>;
  /** Called once the switch has moved: keeps the change, or reverts it if it cannot be kept. */
  keepEnabled: (
    elementId: number,
    variant: Variant | undefined,
    isEnabled: boolean,
  ) => Promise<void>;
  /** The call that deletes the variant where it is stored, if anywhere but the wizard. */
  deleteCall: (variant: Variant | undefined) => (() => Promise<void>) | undefined;
  duplicate: (elementId: number, variantId: number) => void;
}

/** Create mode: every change stays in the campaign being built, sent with POST /create. */
function localVariantChanges({ dispatch, select }: VariantChangeTools): VariantChanges {
  return {
    approve(element, suggestion) {
      dispatch({ type: 'approveLocally', elementId: element.id, variantId: suggestion.id });
      return Promise.resolve();
    },
    saveDraft(element, _draft, checked) {
      dispatch({ type: 'saveDraftLocally', variants: checked.variants });
      select(element, checked.variants[0]);
      return Promise.resolve();
    },
    keepEnabled: () => Promise.resolve(),
    deleteCall: () => undefined,
    // The copy waits as a suggestion to approve.
    duplicate(elementId, variantId) {
      dispatch({ type: 'duplicateLocally', elementId, variantId });
    },
  };
}

/** A server variant is one without a client marker; only those exist in the database. */
const isSaved = (variant: Variant | undefined): variant is Variant =>
  variant !== undefined && !variant.marker;

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

/** Update mode: each change is saved on the server first, then shown. */
function serverVariantChanges(tools: VariantChangeTools): VariantChanges {
  const { team, dispatch, select } = tools;

  async function postVariants(element: CampaignElement, variants: Variant[], replaced?: number) {
    const campaignId = tools.campaignId();
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

  return {
    async approve(element, suggestion) {
      try {
        await postVariants(element, [suggestion], suggestion.id);
      } catch (error) {
        toastError(error);
      }
    },
    async saveDraft(element, draft, checked) {
      const replaced = draft.type === 'EditSuggestion' ? draft.sourceVariantId : undefined;
      try {
        await postVariants(element, checked.variants, replaced);
        dispatch({ type: 'closeDraft' });
      } catch (error) {
        // The draft stays open with what was typed; the server's reason is shown.
        dispatch({
          type: 'draftSet',
          draft: withServerErrors(checked.draft, checked.variants, error),
        });
        toastError(error);
      }
    },
    async keepEnabled(elementId, variant, isEnabled) {
      if (!isSaved(variant)) return;
      try {
        await updateVariantEnabled(team, variant.id, isEnabled);
      } catch (error) {
        dispatch({
          type: 'variantEnabled',
          elementId,
          variantId: variant.id,
          isEnabled: !isEnabled,
        });
        toastError(error);
      }
    },
    deleteCall: (variant) => (isSaved(variant) ? () => deleteVariant(team, variant.id) : undefined),
    // A saved variant's copy is a new variant: it opens in the draft editor to be saved.
    duplicate(elementId, variantId) {
      dispatch({
        type: 'openDraft',
        elementId,
        draftType: 'Default',
        sourceVariantId: variantId,
        copy: true,
      });
    },
  };
}

export const VARIANT_CHANGES: Record<
  VariantChangeTarget,
  (tools: VariantChangeTools) => VariantChanges
> = { local: localVariantChanges, server: serverVariantChanges };
