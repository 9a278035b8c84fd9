import {
  popupClicksOf,
  WIZARD_STEPS,
  type CampaignElement,
  type WizardStep,
} from '@kindling/domain';
import type { PageCheck } from '../../../lib/preview/page-check';
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
  /** The pop-up clicks recorded are not those the screenshot was taken with. */
  screenshotOutdated: boolean;
  goalsConfirmed: boolean;
  elements: readonly CampaignElement[];
  goalCount: number;
  /** How the page in the preview answered. */
  page: PageCheck['kind'];
  /** The person chose "Use this page anyway" for a page that answered with an error status. */
  brokenPageAccepted: boolean;
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
    screenshotOutdated: popupClicksOf(state.meta).join('\n') !== state.screenshotClicks.join('\n'),
    goalsConfirmed: state.goalsConfirmed,
    elements: state.elements,
    goalCount: state.goals.length,
    page: state.pageCheck.kind,
    brokenPageAccepted: state.brokenPageAccepted,
  };
}

export const STEP_MESSAGES = {
  noElements: 'Pick at least one element on the page to test.',
  noGoals: 'Add at least one goal to your funnel.',
} as const;

export const PAGE_MESSAGES = {
  pending: 'Checking the page…',
  unreachable: 'The page could not be reached. Try again or choose another page.',
  unconfirmed: 'The page answered with an error. Check it, or use it anyway.',
} as const;

/**
 * Why the person cannot go forward from the page as it is (undefined when they can): a page
 * never reached cannot be tested, one that answered an error status (404, 500...) only once
 * the person confirmed it, and until the preview knows it cannot tell.
 */
export function pageBlocksForward(
  context: Pick<StepContext, 'current' | 'page' | 'brokenPageAccepted'>,
): string | undefined {
  // ChooseURL has no page yet: opening one is how it is checked.
  if (context.current === 'ChooseURL') return undefined;
  switch (context.page) {
    case 'ok':
      return undefined;
    case 'pending':
      return PAGE_MESSAGES.pending;
    case 'unreachable':
      return PAGE_MESSAGES.unreachable;
    case 'warning':
      return context.brokenPageAccepted ? undefined : PAGE_MESSAGES.unconfirmed;
  }
}

/** What moving to a step takes (spec section 4, "Step rules"); the caller carries it out. */
export type StepPlan =
  | { kind: 'stay' }
  | { kind: 'blocked'; message: string }
  | { kind: 'confirmStartOver' }
  | { kind: 'showModeHelp'; requestScreenshot: boolean }
  | { kind: 'openDraftEditor'; elementId: number }
  | { kind: 'confirmGoals' }
  | { kind: 'advance'; to: WizardStep; requestScreenshot: boolean; clearSelectedVariants: boolean };

/** Steps a person may jump to from the step list (back always; forward one at a time). */
export function canVisit(target: WizardStep, context: StepContext): boolean {
  const from = stepIndex(context.current);
  const to = stepIndex(target);
  if (!context.editMode.revisitsPageSteps && to < stepIndex('EditElements')) return false;
  if (to > from && pageBlocksForward(context) !== undefined) return false;
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
    return { kind: 'showModeHelp', requestScreenshot: takesScreenshotOnMove(target, context) };
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

/** The first entry into ClosePopups; and leaving it with pop-ups closed since the last shot. */
function takesScreenshotOnMove(target: WizardStep, context: StepContext): boolean {
  const entersPopups = target === 'ClosePopups' && !context.screenshotRequested;
  const leavesClosedPopups =
    context.current === 'ClosePopups' &&
    stepIndex(target) > stepIndex('ClosePopups') &&
    context.screenshotOutdated;
  return context.editMode.takesScreenshot && (entersPopups || leavesClosedPopups);
}

function advance(target: WizardStep, context: StepContext): StepPlan {
  return {
    kind: 'advance',
    to: target,
    requestScreenshot: takesScreenshotOnMove(target, context),
    clearSelectedVariants: target === 'EditElements',
  };
}

export function nextStep(step: WizardStep): WizardStep | undefined {
  return WIZARD_STEPS[stepIndex(step) + 1];
}

export function previousStep(step: WizardStep): WizardStep | undefined {
  return WIZARD_STEPS[stepIndex(step) - 1];
}
