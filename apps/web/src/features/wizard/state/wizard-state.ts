import {
  addGoal,
  CAMPAIGN_LIMITS,
  defaultGoalName,
  deleteGoal,
  GoalEventType,
  markConversionGoal,
  moveGoal,
  reindexCampaign,
  toggleClickGoalElement,
  type Campaign,
  type CampaignElement,
  type CampaignMeta,
  type CampaignType,
  type Goal,
  type GoalElement,
  type Thumbnail,
  type Variant,
  type WizardStep,
} from '@kindling/domain';
import {
  addVariant,
  openDraftEditor,
  type DraftEditorState,
  type DraftType,
  emptyVariant,
  draftCopy,
} from './draft-editor';
import type { EditMode } from './step-rules';
import {
  approveSuggestionLocally,
  duplicateLocally,
  elementFromPick,
  removeVariant,
  saveDraftLocally,
  setVariantEnabled,
  withServerVariants,
  type PickedElement,
} from './variant-life-cycle';

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

export const findElement = (state: WizardState, id: number | undefined) =>
  state.elements.find((element) => element.id === id);

const collapseKey = (elementId: number, group: CollapsibleGroup) => `${elementId}:${group}`;
export const isCollapsed = (state: WizardState, elementId: number, group: CollapsibleGroup) =>
  state.collapsed[collapseKey(elementId, group)] === true;

function changeElement(
  state: WizardState,
  id: number,
  change: (element: CampaignElement) => CampaignElement,
): WizardState {
  return {
    ...state,
    elements: state.elements.map((element) => (element.id === id ? change(element) : element)),
  };
}

function withoutSelection(selected: Record<number, number>, elementId: number) {
  const { [elementId]: _removed, ...rest } = selected;
  return rest;
}

/** Collapsing a group clears the element's selected variant when it was inside that group. */
function collapse(state: WizardState, elementId: number, group: CollapsibleGroup): WizardState {
  const element = findElement(state, elementId);
  const selectedId = state.selectedVariants[elementId];
  const selected = element?.variants.find((variant) => variant.id === selectedId);
  const inside =
    selected !== undefined &&
    (group === 'element' || (group === 'suggested') === (selected.marker === 'suggested'));
  return {
    ...state,
    collapsed: { ...state.collapsed, [collapseKey(elementId, group)]: true },
    selectedVariants: inside
      ? withoutSelection(state.selectedVariants, elementId)
      : state.selectedVariants,
  };
}

function pick(state: WizardState, picked: PickedElement): WizardState {
  const existing = state.elements.find((element) => element.selector === picked.selector);
  if (existing) return { ...state, activeElementId: existing.id };
  const id = state.lastTemporaryId - 1;
  const element = elementFromPick(picked, id);
  if (!element) return state;
  const variantId = id - 1;
  return {
    ...state,
    lastTemporaryId: variantId,
    elements: [...state.elements, element],
    activeElementId: id,
    draft: openDraftEditor({
      element,
      type: 'Default',
      variants: [emptyVariant(element, variantId)],
    }),
  };
}

function openDraft(state: WizardState, action: Extract<WizardAction, { type: 'openDraft' }>) {
  const element = findElement(state, action.elementId);
  if (!element) return state;
  const source = element.variants.find((variant) => variant.id === action.sourceVariantId);
  let lastTemporaryId = state.lastTemporaryId;
  const newId = () => (lastTemporaryId -= 1);
  // A saved variant is never edited in place: its statistics belong to what visitors saw.
  const variants = source
    ? [action.copy === true || source.marker !== 'draft' ? draftCopy(source, newId()) : source]
    : [emptyVariant(element, newId())];
  return {
    ...state,
    lastTemporaryId,
    activeElementId: element.id,
    draft: openDraftEditor({
      element,
      type: action.draftType,
      variants,
      sourceVariantId: source?.id,
    }),
  };
}

type GoalAction = Extract<
  WizardAction,
  {
    type:
      | 'addGoal'
      | 'updateGoal'
      | 'moveGoal'
      | 'deleteGoal'
      | 'selectGoal'
      | 'toggleGoalElement'
      | 'confirmGoals';
  }
>;
type VariantAction = Extract<
  WizardAction,
  {
    type:
      | 'approveLocally'
      | 'duplicateLocally'
      | 'serverVariants'
      | 'variantEnabled'
      | 'variantRemoved';
  }
>;
type DraftAction = Extract<
  WizardAction,
  { type: 'openDraft' | 'draftAddVariant' | 'draftSet' | 'closeDraft' | 'saveDraftLocally' }
>;

const FUNNEL_CHANGES = new Set<GoalAction['type']>(['addGoal', 'moveGoal', 'deleteGoal']);

function goalReducer(state: WizardState, action: GoalAction): WizardState {
  // Spec section 4: once confirmed, the funnel's order and length are fixed.
  if (state.goalsConfirmed && FUNNEL_CHANGES.has(action.type)) return state;
  switch (action.type) {
    case 'addGoal': {
      const id = state.lastTemporaryId - 1;
      const goal: Goal = {
        id,
        isConversionGoal: false,
        event: {
          type: action.eventType,
          name: defaultGoalName(action.eventType, state.goals.length),
          url: action.eventType === GoalEventType.PageView ? '' : state.ingestedUrl,
          elements: [],
        },
      };
      return { ...state, lastTemporaryId: id, goals: addGoal(state.goals, goal), activeGoalId: id };
    }
    case 'updateGoal':
      return {
        ...state,
        goals: markConversionGoal(
          state.goals.map((g) => (g.id === action.goal.id ? action.goal : g)),
        ),
      };
    case 'moveGoal':
      return { ...state, goals: moveGoal(state.goals, action.from, action.to) };
    case 'deleteGoal':
      return {
        ...state,
        goals: deleteGoal(state.goals, action.goalId),
        activeGoalId: state.activeGoalId === action.goalId ? undefined : state.activeGoalId,
      };
    case 'selectGoal':
      return { ...state, activeGoalId: action.goalId };
    case 'toggleGoalElement':
      return {
        ...state,
        goals: state.goals.map((goal) =>
          goal.id === state.activeGoalId && goal.event.type === GoalEventType.Click
            ? toggleClickGoalElement(goal, action.element)
            : goal,
        ),
      };
    case 'confirmGoals':
      return {
        ...state,
        goals: markConversionGoal(action.goals),
        goalsConfirmed: true,
        activeGoalId: undefined,
      };
  }
}

function variantReducer(state: WizardState, action: VariantAction): WizardState {
  switch (action.type) {
    case 'approveLocally':
      return changeElement(state, action.elementId, (e) =>
        approveSuggestionLocally(e, action.variantId),
      );
    case 'duplicateLocally': {
      const id = state.lastTemporaryId - 1;
      return {
        ...changeElement(state, action.elementId, (e) => duplicateLocally(e, action.variantId, id)),
        lastTemporaryId: id,
      };
    }
    case 'serverVariants':
      return changeElement(state, action.elementId, (e) =>
        withServerVariants(e, action.variants, action.removedSuggestionId),
      );
    case 'variantEnabled':
      return changeElement(state, action.elementId, (e) =>
        setVariantEnabled(e, action.variantId, action.isEnabled),
      );
    case 'variantRemoved':
      return {
        ...changeElement(state, action.elementId, (e) => removeVariant(e, action.variantId)),
        selectedVariants:
          state.selectedVariants[action.elementId] === action.variantId
            ? withoutSelection(state.selectedVariants, action.elementId)
            : state.selectedVariants,
      };
  }
}

function draftReducer(state: WizardState, action: DraftAction): WizardState {
  switch (action.type) {
    case 'openDraft':
      return openDraft(state, action);
    case 'draftAddVariant': {
      const element = findElement(state, state.draft?.elementId);
      if (!state.draft || !element) return state;
      const id = state.lastTemporaryId - 1;
      return { ...state, lastTemporaryId: id, draft: addVariant(state.draft, element, id) };
    }
    case 'draftSet':
      return { ...state, draft: action.draft };
    case 'closeDraft':
      return { ...state, draft: undefined };
    case 'saveDraftLocally': {
      const draft = state.draft;
      if (!draft) return state;
      const replaced = draft.type === 'EditSuggestion' ? draft.sourceVariantId : undefined;
      return {
        ...changeElement(state, draft.elementId, (e) =>
          saveDraftLocally(e, action.variants, replaced),
        ),
        draft: undefined,
      };
    }
  }
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
