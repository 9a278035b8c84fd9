import type { WizardStep } from '@kindling/domain';
import type { Dispatch } from 'react';
import { useWizardStore } from '../../hooks/wizard-store';
import type { GoalAction, GoalsState } from '../state/goals-state';

/** What the goal step reads and changes: the funnel, at the wizard's current step. */
export function useGoalsStore(): {
  state: GoalsState & { step: WizardStep };
  dispatch: Dispatch<GoalAction>;
} {
  const { state, dispatch } = useWizardStore();
  return { state, dispatch };
}
