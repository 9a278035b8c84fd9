import type { CampaignMeta, PageMeta, Thumbnail, WizardStep } from '@kindling/domain';
import type { PageCheck } from '../../../lib/preview/page-check';
import type { ElementsAction, ElementsState } from '../elements/state/elements-state';
import type { GoalAction, GoalsState } from '../goals/state/goals-state';
import type { SettingsAction, SettingsState } from '../settings/state/wizard-settings';
import type { EditMode } from './edit-mode';
import type { TemporaryIds } from './temporary-ids';

/** What the wizard itself keeps: the mode, the step and the page being tested. */
export interface ShellState extends TemporaryIds {
  mode: EditMode;
  step: WizardStep;
  campaignId: number | undefined;
  ingestedUrl: string;
  thumbnail: Thumbnail;
  /** Kept with the campaign; holds `popupClicks`, the clicks that close the page's pop-ups. */
  meta: CampaignMeta;
  screenshotRequested: boolean;
  /** The pop-up clicks the last screenshot was asked with (it replays them first). */
  screenshotClicks: readonly string[];
  previewLoaded: boolean;
  pageCheck: PageCheck;
  /** "Use this page anyway" was chosen for this address's error status. */
  brokenPageAccepted: boolean;
  /** The campaign form's message for the page meta that loaded last (e.g. a redirect). */
  pageMetaError: string | undefined;
}

/** One flat state: the shell's fields and each sub-feature's part. */
export interface WizardState extends ShellState, ElementsState, GoalsState, SettingsState {}

export type ShellAction =
  | { type: 'setUrl'; url: string }
  | { type: 'goTo'; step: WizardStep; clearSelectedVariants: boolean }
  | { type: 'startOver' }
  | { type: 'screenshotRequested'; popupClicks: readonly string[] }
  /** `url`: the page it shows; a late answer for a page given up on is dropped. */
  | { type: 'thumbnail'; thumbnail: Thumbnail; url: string }
  | { type: 'previewLoaded' }
  | { type: 'pageChecked'; check: PageCheck }
  | { type: 'acceptBrokenPage' }
  /** The preview loaded `url` and reported its meta. */
  | { type: 'pageMeta'; meta: PageMeta; url: string }
  /** A click the person made in the page during ClosePopups. */
  | { type: 'popupClick'; selector: string };

export type WizardAction = ShellAction | ElementsAction | GoalAction | SettingsAction;
