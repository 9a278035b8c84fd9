import { GoalEventType } from '@kindling/domain';
import type { ElementDescription } from '@kindling/page-runtime';
import { goalElementFromPick } from '../goals/state/goal-rules';
import type { WizardAction, WizardState } from './wizard-types';

/**
 * What a click on the page in the preview does (spec section 4): in EditElements it picks the
 * element to test (when the mode adds elements); in EditGoals it adds it to, or removes it from,
 * the active click goal of a funnel not yet confirmed. Undefined: the click does nothing.
 */
export function pageClickAction(options: {
  state: Pick<WizardState, 'step' | 'goals' | 'activeGoalId' | 'goalsConfirmed'>;
  changesElements: boolean;
  clicked: ElementDescription;
}): WizardAction | undefined {
  const { state, clicked } = options;
  if (state.step === 'EditElements' && options.changesElements) {
    return { type: 'pick', picked: clicked };
  }
  if (state.step !== 'EditGoals' || state.goalsConfirmed) return undefined;
  const goal = state.goals.find((candidate) => candidate.id === state.activeGoalId);
  if (goal?.event.type !== GoalEventType.Click) return undefined;
  return { type: 'toggleGoalElement', element: goalElementFromPick(clicked) };
}
