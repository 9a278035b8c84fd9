import {
  popupClicksOf,
  recordPopupClick,
  reindexCampaign,
  type Campaign,
  type CampaignMeta,
} from '@kindling/domain';
import { draftReducer } from '../elements/state/draft-reducer';
import { elementReducer } from '../elements/state/element-reducer';
import { noElements } from '../elements/state/elements-state';
import { variantReducer } from '../elements/state/variant-reducer';
import { goalReducer } from '../goals/state/goal-reducer';
import { noGoals } from '../goals/state/goals-state';
import {
  DEFAULT_STATS_PLAN,
  newCampaignSettings,
  savedCampaignSettings,
  savedStatsPlan,
  settingsReducer,
} from '../settings/state/wizard-settings';
import { withPageMeta } from './page-meta';
import type { ShellAction, WizardAction, WizardState } from './wizard-types';

export function createWizardState(options: { url: string; isEnabled: boolean }): WizardState {
  return {
    mode: 'create',
    step: options.url === '' ? 'ChooseURL' : 'ClosePopups',
    campaignId: undefined,
    ingestedUrl: options.url,
    thumbnail: null,
    meta: {},
    screenshotRequested: false,
    screenshotClicks: [],
    previewLoaded: false,
    pageCheck: { kind: 'pending' },
    brokenPageAccepted: false,
    pageMetaError: undefined,
    ...noElements(),
    ...noGoals(),
    settings: newCampaignSettings(options.isEnabled),
    savedPlan: DEFAULT_STATS_PLAN,
    lastTemporaryId: 0,
  };
}

/** Update mode loads id, ingestedUrl, elements and meta and starts at EditElements. */
export function updateWizardState(campaign: Campaign): WizardState {
  const loaded = reindexCampaign(campaign);
  return {
    ...createWizardState({ url: campaign.ingestedUrl, isEnabled: campaign.isEnabled }),
    mode: 'update',
    step: 'EditElements',
    campaignId: campaign.id,
    thumbnail: campaign.thumbnail,
    meta: campaign.meta,
    screenshotRequested: true,
    screenshotClicks: popupClicksOf(campaign.meta),
    elements: loaded.elements,
    goals: campaign.goals,
    goalsConfirmed: campaign.goals.length > 0,
    extraMetrics: campaign.extraMetrics.map(({ id: _id, name: _name, ...metric }) => metric),
    settings: savedCampaignSettings(campaign),
    savedPlan: savedStatsPlan(campaign),
  };
}

const withPopupClicks = (meta: CampaignMeta, popupClicks: string[]): CampaignMeta => ({
  ...meta,
  popupClicks,
});

function shellReducer(state: WizardState, action: ShellAction): WizardState {
  switch (action.type) {
    case 'setUrl':
      return action.url === state.ingestedUrl
        ? state
        : {
            ...state,
            ingestedUrl: action.url,
            pageCheck: { kind: 'pending' },
            brokenPageAccepted: false,
            pageMetaError: undefined,
          };
    case 'goTo': {
      // Back in ClosePopups the page shows as it is, pop-ups and all, to be closed afresh.
      const reopensPopups = action.step === 'ClosePopups' && state.step !== 'ClosePopups';
      return {
        ...state,
        step: action.step,
        selectedVariants: action.clearSelectedVariants ? {} : state.selectedVariants,
        meta: reopensPopups ? withPopupClicks(state.meta, []) : state.meta,
      };
    }
    case 'startOver':
      return createWizardState({ url: '', isEnabled: state.settings.isEnabled });
    case 'screenshotRequested':
      return { ...state, screenshotRequested: true, screenshotClicks: action.popupClicks };
    case 'thumbnail':
      return action.url === state.ingestedUrl ? { ...state, thumbnail: action.thumbnail } : state;
    case 'previewLoaded':
      return state.previewLoaded ? state : { ...state, previewLoaded: true };
    case 'pageChecked':
      return { ...state, pageCheck: action.check };
    case 'acceptBrokenPage':
      return { ...state, brokenPageAccepted: true };
    case 'pageMeta':
      return action.url === state.ingestedUrl ? withPageMeta(state, action.meta) : state;
    case 'popupClick':
      if (state.step !== 'ClosePopups') return state;
      return {
        ...state,
        meta: withPopupClicks(
          state.meta,
          recordPopupClick(popupClicksOf(state.meta), action.selector),
        ),
      };
  }
}

/** Hands each action to the part of the wizard that owns it. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'pick':
    case 'addPage':
    case 'openElement':
    case 'deleteElement':
    case 'selectVariant':
    case 'collapse':
      return elementReducer(state, action);
    case 'approveLocally':
    case 'duplicateLocally':
    case 'serverVariants':
    case 'addSuggestions':
    case 'imageJobStarted':
    case 'imageJobProgress':
    case 'imageJobDone':
    case 'variantEnabled':
    case 'variantRemoved':
      return variantReducer(state, action);
    case 'openDraft':
    case 'draftAddVariant':
    case 'draftSet':
    case 'closeDraft':
    case 'saveDraftLocally':
      return draftReducer(state, action);
    case 'addGoal':
    case 'updateGoal':
    case 'moveGoal':
    case 'deleteGoal':
    case 'selectGoal':
    case 'toggleGoalElement':
    case 'confirmGoals':
    case 'setExtraMetrics':
      return goalReducer(state, action);
    case 'settings':
      return settingsReducer(state, action);
    case 'setUrl':
    case 'goTo':
    case 'startOver':
    case 'screenshotRequested':
    case 'thumbnail':
    case 'previewLoaded':
    case 'pageChecked':
    case 'acceptBrokenPage':
    case 'pageMeta':
    case 'popupClick':
      return shellReducer(state, action);
  }
}
