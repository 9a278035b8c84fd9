import type { CampaignElement, ImageStatus, Variant, VariantStyle } from '@kindling/domain';
import type { GeneratedPlaceholderImage } from './image-suggestions';
import type { TemporaryIds } from '../../state/temporary-ids';
import type { DraftEditorState, DraftType } from './draft-editor';
import type { PickedElement } from './variant-life-cycle';

/** The EditElements step's part of the wizard state. */
export interface ElementsState {
  elements: CampaignElement[];
  /** The element open in the side menu. */
  activeElementId: number | undefined;
  /** Per element, the variant shown in the preview. */
  selectedVariants: Record<number, number>;
  /** `${elementId}:${group}` -> collapsed. */
  collapsed: Record<string, boolean>;
  draft: DraftEditorState | undefined;
}

/** What the element reducers work on: their part, and the shared temporary ids. */
export type ElementsHost = ElementsState & TemporaryIds;

export type CollapsibleGroup = 'element' | 'suggested' | 'saved';

export const noElements = (): ElementsState => ({
  elements: [],
  activeElementId: undefined,
  selectedVariants: {},
  collapsed: {},
  draft: undefined,
});

export type ElementAction =
  | { type: 'pick'; picked: PickedElement }
  /** A split-URL test (issue 32): the whole page at `url`, whose variants are other addresses. */
  | { type: 'addPage'; url: string }
  | { type: 'openElement'; elementId: number | undefined }
  | { type: 'deleteElement'; elementId: number }
  | { type: 'selectVariant'; elementId: number; variantId: number | undefined }
  | { type: 'collapse'; elementId: number; group: CollapsibleGroup; collapsed: boolean };

export type VariantAction =
  | { type: 'approveLocally'; elementId: number; variantId: number }
  | { type: 'duplicateLocally'; elementId: number; variantId: number }
  | { type: 'serverVariants'; elementId: number; variants: Variant[]; removedSuggestionId?: number }
  /** AI texts for a text element, added as suggestions to approve. */
  | { type: 'addSuggestions'; elementId: number; texts: string[]; styles?: VariantStyle[] }
  /** AI images: placeholders under new temporary ids, their phases, then images or nothing. */
  | { type: 'imageJobStarted'; elementId: number; variantIds: number[] }
  | { type: 'imageJobProgress'; elementId: number; variantIds: number[]; status: ImageStatus }
  | {
      type: 'imageJobDone';
      elementId: number;
      variantIds: number[];
      images: GeneratedPlaceholderImage[];
    }
  | { type: 'variantEnabled'; elementId: number; variantId: number; isEnabled: boolean }
  | { type: 'variantRemoved'; elementId: number; variantId: number };

export type DraftAction =
  | {
      type: 'openDraft';
      elementId: number;
      draftType: DraftType;
      sourceVariantId?: number;
      copy?: boolean;
    }
  | { type: 'draftAddVariant' }
  | { type: 'draftSet'; draft: DraftEditorState }
  | { type: 'closeDraft' }
  | { type: 'saveDraftLocally'; variants: Variant[] };

/** Everything the elements sub-feature dispatches. */
export type ElementsAction = ElementAction | VariantAction | DraftAction;
