import {
  addGoal,
  defaultGoalName,
  deleteGoal,
  GoalEventType,
  markConversionGoal,
  moveGoal,
  toggleClickGoalElement,
  type Goal,
} from '@kindling/domain';
import { withoutGoal } from './extra-metrics';
import type { GoalAction, GoalsHost } from './goals-state';

const FUNNEL_CHANGES = new Set<GoalAction['type']>(['addGoal', 'moveGoal', 'deleteGoal']);

export function goalReducer<S extends GoalsHost>(state: S, action: GoalAction): S {
  // Spec section 4: once confirmed, the funnel's order and length are fixed.
  if (state.goalsConfirmed && FUNNEL_CHANGES.has(action.type)) return state;
  switch (action.type) {
    case 'addGoal': {
      const id = state.lastTemporaryId - 1;
      const goal: Goal = {
        id,
        isConversionGoal: false,
        metricRole: null,
        lowerIsBetter: false,
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
        extraMetrics: withoutGoal(state.extraMetrics, action.goalId),
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
    case 'setExtraMetrics':
      return { ...state, extraMetrics: action.metrics };
    case 'confirmGoals':
      return {
        ...state,
        goals: markConversionGoal(action.goals),
        goalsConfirmed: true,
        activeGoalId: undefined,
      };
  }
}
