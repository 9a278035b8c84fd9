import { WIZARD_STEPS, type CampaignElement, type WizardStep } from '@kindling/domain';
import type { EditModeStrategy } from './edit-mode';
import type { WizardState } from './wizard-types';

export const stepIndex = (step: WizardStep): number => WIZARD_STEPS.indexOf(step);

export interface StepContext {
  editMode: Pick<EditModeStrategy, 'revisitsPageSteps' | 'takesScreenshot'>;
  current: WizardStep;
  /** The preview has loaded the page at least once. */
  previewLoaded: boolean;
  hasSeenModeHelp: boolean;
  /** Whether ClosePopups was entered before (the screenshot is taken only once). */
  screenshotRequested: boolean;
  goalsConfirmed: boolean;
  elements: readonly CampaignElement[];
  goalCount: number;
}

/** The step context of the wizard's current state. */
export function stepContextFor(options: {
  state: WizardState;
  editMode: StepContext['editMode'];
  hasSeenModeHelp: boolean;
}): StepContext {
  const { state } = options;
  return {
    editMode: options.editMode,
    current: state.step,
    previewLoaded: state.previewLoaded,
    hasSeenModeHelp: options.hasSeenModeHelp,
    screenshotRequested: state.screenshotRequested,
    goalsConfirmed: state.goalsConfirmed,
    elements: state.elements,
    goalCount: state.goals.length,
  };
}

export const STEP_MESSAGES = {
  noElements: 'Pick at least one element on the page to test.',
  noGoals: 'Add at least one goal to your funnel.',
} as const;

/** What moving to a step takes (spec section 4, "Step rules"); the caller carries it out. */
export type StepPlan =
  | { kind: 'stay' }
  | { kind: 'blocked'; message: string }
  | { kind: 'confirmStartOver' }
  | { kind: 'showModeHelp' }
  | { kind: 'openDraftEditor'; elementId: number }
  | { kind: 'confirmGoals' }
  | { kind: 'advance'; to: WizardStep; requestScreenshot: boolean; clearSelectedVariants: boolean };

/** Steps a person may jump to from the step list (back always; forward one at a time). */
export function canVisit(target: WizardStep, context: StepContext): boolean {
  const from = stepIndex(context.current);
  const to = stepIndex(target);
  if (!context.editMode.revisitsPageSteps && to < stepIndex('EditElements')) return false;
  return to <= from + 1;
}

export function planStepChange(target: WizardStep, context: StepContext): StepPlan {
  const from = stepIndex(context.current);
  const to = stepIndex(target);
  if (to === from) return { kind: 'stay' };
  if (!canVisit(target, context)) return { kind: 'stay' };

  if (target === 'ChooseURL') {
    return context.previewLoaded ? { kind: 'confirmStartOver' } : advance(target, context);
  }
  if (target === 'EditElements' && from < to && !context.hasSeenModeHelp) {
    return { kind: 'showModeHelp' };
  }
  if (to > stepIndex('EditElements') && from <= stepIndex('EditElements')) {
    if (context.elements.length === 0)
      return { kind: 'blocked', message: STEP_MESSAGES.noElements };
    const empty = context.elements.find(
      (element) =>
        element.variants.filter((variant) => variant.marker !== 'suggested').length === 0,
    );
    if (empty) return { kind: 'openDraftEditor', elementId: empty.id };
  }
  if (
    to >= stepIndex('CampaignTypeSelection') &&
    from < stepIndex('CampaignTypeSelection') &&
    !context.goalsConfirmed
  ) {
    if (context.goalCount === 0) return { kind: 'blocked', message: STEP_MESSAGES.noGoals };
    return { kind: 'confirmGoals' };
  }
  return advance(target, context);
}

function advance(target: WizardStep, context: StepContext): StepPlan {
  return {
    kind: 'advance',
    to: target,
    requestScreenshot:
      target === 'ClosePopups' && context.editMode.takesScreenshot && !context.screenshotRequested,
    clearSelectedVariants: target === 'EditElements',
  };
}

export function nextStep(step: WizardStep): WizardStep | undefined {
  return WIZARD_STEPS[stepIndex(step) + 1];
}

export function previousStep(step: WizardStep): WizardStep | undefined {
  return WIZARD_STEPS[stepIndex(step) - 1];
}
