import type {
  CampaignElement,
  CampaignMeta,
  CampaignType,
  Goal,
  GoalElement,
  GoalEventType,
  Thumbnail,
  Variant,
  WizardStep,
} from '@kindling/domain';
import type { DraftEditorState, DraftType } from '../elements/state/draft-editor';
import type { EditMode } from './step-rules';
import type { PickedElement } from '../elements/state/variant-life-cycle';

export interface WizardSettings {
  name: string;
  description: string;
  type: CampaignType;
  trafficAllocation: number;
  exclusiveAudienceMode: boolean;
  isEnabled: boolean;
}

export type CollapsibleGroup = 'element' | 'suggested' | 'saved';

export interface WizardState {
  mode: EditMode;
  step: WizardStep;
  campaignId: number | undefined;
  ingestedUrl: string;
  thumbnail: Thumbnail;
  meta: CampaignMeta;
  screenshotRequested: boolean;
  previewLoaded: boolean;
  elements: CampaignElement[];
  /** The element open in the side menu. */
  activeElementId: number | undefined;
  /** Per element, the variant shown in the preview. */
  selectedVariants: Record<number, number>;
  /** `${elementId}:${group}` -> collapsed. */
  collapsed: Record<string, boolean>;
  draft: DraftEditorState | undefined;
  goals: Goal[];
  activeGoalId: number | undefined;
  goalsConfirmed: boolean;
  settings: WizardSettings;
  /** The last temporary id handed out: -1, -2, ... */
  lastTemporaryId: number;
}

export type WizardAction =
  | { type: 'setUrl'; url: string }
  | { type: 'goTo'; step: WizardStep; clearSelectedVariants: boolean }
  | { type: 'startOver' }
  | { type: 'screenshotRequested' }
  /** `url`: the page it shows; a late answer for a page given up on is dropped. */
  | { type: 'thumbnail'; thumbnail: Thumbnail; url: string }
  | { type: 'previewLoaded' }
  | { type: 'pick'; picked: PickedElement }
  | { type: 'openElement'; elementId: number | undefined }
  | { type: 'deleteElement'; elementId: number }
  | { type: 'selectVariant'; elementId: number; variantId: number | undefined }
  | { type: 'collapse'; elementId: number; group: CollapsibleGroup; collapsed: boolean }
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
  | { type: 'saveDraftLocally'; variants: Variant[] }
  | { type: 'approveLocally'; elementId: number; variantId: number }
  | { type: 'duplicateLocally'; elementId: number; variantId: number }
  | { type: 'serverVariants'; elementId: number; variants: Variant[]; removedSuggestionId?: number }
  /** AI texts for a text element, added as suggestions to approve. */
  | { type: 'addSuggestions'; elementId: number; texts: string[] }
  | { type: 'variantEnabled'; elementId: number; variantId: number; isEnabled: boolean }
  | { type: 'variantRemoved'; elementId: number; variantId: number }
  | { type: 'addGoal'; eventType: GoalEventType }
  | { type: 'updateGoal'; goal: Goal }
  | { type: 'moveGoal'; from: number; to: number }
  | { type: 'deleteGoal'; goalId: number }
  | { type: 'selectGoal'; goalId: number | undefined }
  | { type: 'toggleGoalElement'; element: GoalElement }
  | { type: 'confirmGoals'; goals: Goal[] }
  | { type: 'settings'; patch: Partial<WizardSettings> };
