import { CAMPAIGN_LIMITS, reindexCampaign, type Campaign } from '@kindling/domain';
import { collapse, collapseKey, withoutSelection } from '../elements/state/element-updates';
import { draftReducer, pick, variantReducer } from '../elements/state/element-reducer';
import { goalReducer } from '../goals/state/goal-reducer';
import type { WizardAction, WizardState } from './wizard-types';

export type { CollapsibleGroup, WizardAction, WizardSettings, WizardState } from './wizard-types';
export { findElement, isCollapsed } from '../elements/state/element-updates';

export function createWizardState(options: { url: string; isEnabled: boolean }): WizardState {
  return {
    mode: 'create',
    step: options.url === '' ? 'ChooseURL' : 'ClosePopups',
    campaignId: undefined,
    ingestedUrl: options.url,
    thumbnail: null,
    meta: {},
    screenshotRequested: false,
    previewLoaded: false,
    elements: [],
    activeElementId: undefined,
    selectedVariants: {},
    collapsed: {},
    draft: undefined,
    goals: [],
    activeGoalId: undefined,
    goalsConfirmed: false,
    settings: {
      name: '',
      description: '',
      type: 'ab_split',
      trafficAllocation: CAMPAIGN_LIMITS.defaultTrafficAllocation,
      exclusiveAudienceMode: false,
      isEnabled: options.isEnabled,
    },
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
    elements: loaded.elements,
    goals: campaign.goals,
    goalsConfirmed: campaign.goals.length > 0,
    settings: {
      name: campaign.name,
      description: campaign.description ?? '',
      type: campaign.type,
      trafficAllocation: campaign.trafficAllocation,
      exclusiveAudienceMode: campaign.exclusiveAudienceMode,
      isEnabled: campaign.isEnabled,
    },
  };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'addGoal':
    case 'updateGoal':
    case 'moveGoal':
    case 'deleteGoal':
    case 'selectGoal':
    case 'toggleGoalElement':
    case 'confirmGoals':
      return goalReducer(state, action);
    case 'approveLocally':
    case 'duplicateLocally':
    case 'serverVariants':
    case 'addSuggestions':
    case 'variantEnabled':
    case 'variantRemoved':
      return variantReducer(state, action);
    case 'openDraft':
    case 'draftAddVariant':
    case 'draftSet':
    case 'closeDraft':
    case 'saveDraftLocally':
      return draftReducer(state, action);
    case 'setUrl':
      return { ...state, ingestedUrl: action.url };
    case 'goTo':
      return {
        ...state,
        step: action.step,
        selectedVariants: action.clearSelectedVariants ? {} : state.selectedVariants,
      };
    case 'startOver':
      return createWizardState({ url: '', isEnabled: state.settings.isEnabled });
    case 'screenshotRequested':
      return { ...state, screenshotRequested: true };
    case 'thumbnail':
      return action.url === state.ingestedUrl ? { ...state, thumbnail: action.thumbnail } : state;
    case 'previewLoaded':
      return state.previewLoaded ? state : { ...state, previewLoaded: true };
    case 'pick':
      return pick(state, action.picked);
    case 'openElement':
      return { ...state, activeElementId: action.elementId };
    case 'deleteElement':
      return {
        ...state,
        elements: state.elements.filter((element) => element.id !== action.elementId),
        activeElementId:
          state.activeElementId === action.elementId ? undefined : state.activeElementId,
        draft: state.draft?.elementId === action.elementId ? undefined : state.draft,
        selectedVariants: withoutSelection(state.selectedVariants, action.elementId),
      };
    case 'selectVariant':
      return {
        ...state,
        selectedVariants:
          action.variantId === undefined
            ? withoutSelection(state.selectedVariants, action.elementId)
            : { ...state.selectedVariants, [action.elementId]: action.variantId },
      };
    case 'collapse':
      return action.collapsed
        ? collapse(state, action.elementId, action.group)
        : {
            ...state,
            collapsed: { ...state.collapsed, [collapseKey(action.elementId, action.group)]: false },
          };
    case 'settings':
      return { ...state, settings: { ...state.settings, ...action.patch } };
    default:
      return state;
  }
}
