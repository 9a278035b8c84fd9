import { ERROR_MESSAGES, type Variant, type WizardStep } from '@kindling/domain';
import type { PreviewMode } from '@kindling/page-runtime';

export type EditMode = 'create' | 'update';

/** Where approving, saving, enabling and deleting a variant take effect. */
export type VariantChangeTarget =
  /** The campaign being built: everything is sent with the final POST /create. */
  | 'local'
  /** The saved campaign: /add-variants, /update-variant-enabled and /delete-variant at once. */
  | 'server';

/**
 * Everything that differs between building a new campaign and editing a saved one (spec
 * sections 2 and 4). The wizard chooses it once, from the mode, and asks it instead of
 * comparing the mode.
 */
export interface EditModeStrategy {
  /** The wizard's heading. */
  title: (campaignName: string) => string;
  /** The Settings step's final button and what its answer shows. */
  submit: {
    label: string;
    loadingText: string;
    successToast: string;
    /** The general form error; the server's reason, when it gave one, follows it. */
    errorMessage: string;
  };
  /** Create shows a summary to confirm first (issue 35); a save goes at once. */
  reviewsBeforeSubmit: boolean;
  /** ChooseURL and ClosePopups can be revisited; a saved campaign's page is fixed. */
  revisitsPageSteps: boolean;
  /** Entering ClosePopups the first time takes the page's screenshot. */
  takesScreenshot: boolean;
  /** What the preview does at a step. */
  previewMode: (step: WizardStep) => PreviewMode;
  /** Clicking the page in EditElements adds an element, and elements can be deleted. */
  changesElements: boolean;
  variantChanges: VariantChangeTarget;
  /** Whether a variant row offers the Enabled switch for this variant. */
  canToggle: (variant: Variant) => boolean;
  /**
   * Whether the draft editor explains that saving adds a new variant, because the one it was
   * opened from keeps its results.
   */
  keepsResultsOf: (source: Variant | undefined) => boolean;
  /** EditElements' heading and introduction (with no element open). */
  elementsIntro: { title: string; text: string };
}

/** Create mode: the preview follows the step (spec section 2). */
function stepPreviewMode(step: WizardStep): PreviewMode {
  switch (step) {
    case 'ChooseURL':
    case 'ClosePopups':
      return 'ClosePopups';
    case 'EditElements':
    case 'EditGoals':
      return step;
    case 'CampaignTypeSelection':
    case 'Settings':
      return 'CampaignPreview';
  }
}

const createMode: EditModeStrategy = {
  title: () => 'New campaign',
  submit: {
    label: 'Create campaign',
    loadingText: 'Creating…',
    successToast: 'Campaign created',
    errorMessage: ERROR_MESSAGES.createCampaign,
  },
  reviewsBeforeSubmit: true,
  revisitsPageSteps: true,
  takesScreenshot: true,
  previewMode: stepPreviewMode,
  changesElements: true,
  variantChanges: 'local',
  // Only the campaign's own drafts can be switched; suggestions wait for approval.
  canToggle: (variant) => variant.marker === 'draft',
  keepsResultsOf: () => false,
  elementsIntro: {
    title: 'Pick elements to test',
    text: 'Click a headline, a button or an image in the preview, then write the variants visitors will see instead.',
  },
};

const updateMode: EditModeStrategy = {
  title: (campaignName) => `Edit “${campaignName}”`,
  submit: {
    label: 'Save campaign',
    loadingText: 'Saving…',
    successToast: 'Campaign saved',
    errorMessage: 'There was an error saving the campaign.',
  },
  reviewsBeforeSubmit: false,
  revisitsPageSteps: false,
  takesScreenshot: false,
  // Spec section 2: update mode always previews the campaign, where nothing is selectable.
  previewMode: () => 'CampaignPreview',
  changesElements: false,
  variantChanges: 'server',
  // Only variants saved on the server (no client marker) have a switch to call.
  canToggle: (variant) => !variant.marker,
  keepsResultsOf: (source) => source !== undefined && !source.marker,
  elementsIntro: {
    title: 'Elements and variants',
    text: 'Open an element to add, pause or remove its variants. Changes are saved at once.',
  },
};

const STRATEGIES: Record<EditMode, EditModeStrategy> = { create: createMode, update: updateMode };

export const editModeFor = (mode: EditMode): EditModeStrategy => STRATEGIES[mode];
