import type { CampaignDraft, CampaignElement, SaveDraftInput } from '@kindling/domain';
import { createWizardState } from './wizard-state';
import type { WizardState } from './wizard-types';

// Issue 35: what of the wizard is kept in a draft on the server, and how a draft opens again.
// Everything the person made is kept; what the open page reports (loaded, checked, its meta
// error) is asked afresh when the draft opens.

/** Raised when the format changes in a way old drafts cannot be read with. */
export const DRAFT_STATE_VERSION = 1;

const TRANSIENT = ['previewLoaded', 'pageCheck', 'pageMetaError', 'campaignId', 'mode'] as const;
type Transient = (typeof TRANSIENT)[number];
export type DraftState = Omit<WizardState, Transient> & { version: number };

export const DRAFT_UNREADABLE =
  'This draft was saved by another version of Kindling and cannot be opened. Discard it and start again.';

/** The part of the wizard a draft keeps; undefined before a page is chosen. */
export function draftOf(
  state: WizardState,
): Omit<SaveDraftInput, 'id' | 'baseRevision'> | undefined {
  if (state.mode !== 'create' || state.step === 'ChooseURL' || state.ingestedUrl === '') {
    return undefined;
  }
  const kept: Record<string, unknown> = { ...state, version: DRAFT_STATE_VERSION };
  for (const key of TRANSIENT) delete kept[key];
  return {
    name: state.settings.name,
    ingestedUrl: state.ingestedUrl,
    step: state.step,
    thumbnail: state.thumbnail,
    state: kept,
  };
}

/** An AI image still being made when the draft was saved: its job is not followed any more. */
const unfinishedImage = (variant: CampaignElement['variants'][number]) =>
  variant.type === 'image' && variant.info.src === '' && variant.info.status !== undefined;

const withoutUnfinishedImages = (elements: CampaignElement[]): CampaignElement[] =>
  elements.map(
    (element) =>
      ({
        ...element,
        variants: element.variants.filter((variant) => !unfinishedImage(variant)),
      }) as CampaignElement,
  );

/** The wizard as the draft left it, or undefined when the draft is not one this app wrote. */
export function wizardStateFromDraft(draft: CampaignDraft): WizardState | undefined {
  const kept = draft.state as Partial<DraftState>;
  if (kept.version !== DRAFT_STATE_VERSION || !Array.isArray(kept.elements)) return undefined;
  const fresh = createWizardState({ url: draft.ingestedUrl, isEnabled: false });
  const { version: _version, ...rest } = kept;
  return {
    ...fresh,
    ...rest,
    ingestedUrl: draft.ingestedUrl,
    elements: withoutUnfinishedImages(kept.elements),
    // The reloaded preview shows the original page; the selection says so.
    selectedVariants: {},
  };
}
