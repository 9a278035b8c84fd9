import type { ExtraMetric, Goal, GoalElement, GoalEventType } from '@kindling/domain';
import type { TemporaryIds } from '../../state/temporary-ids';

/** The EditGoals step's part of the wizard state. */
export interface GoalsState {
  goals: Goal[];
  activeGoalId: number | undefined;
  /** Spec section 4: once confirmed, the funnel's order and length are fixed. */
  goalsConfirmed: boolean;
  /** Revenue and per-session metrics; a goal named by its (possibly temporary) id. */
  extraMetrics: ExtraMetric[];
}

/** What the goal reducer works on: its part, the temporary ids and the campaign's page. */
export type GoalsHost = GoalsState & TemporaryIds & { ingestedUrl: string };

export const noGoals = (): GoalsState => ({
  goals: [],
  activeGoalId: undefined,
  goalsConfirmed: false,
  extraMetrics: [],
});

export type GoalAction =
  | { type: 'addGoal'; eventType: GoalEventType }
  | { type: 'updateGoal'; goal: Goal }
  | { type: 'moveGoal'; from: number; to: number }
  | { type: 'deleteGoal'; goalId: number }
  | { type: 'selectGoal'; goalId: number | undefined }
  | { type: 'toggleGoalElement'; element: GoalElement }
  | { type: 'confirmGoals'; goals: Goal[] }
  | { type: 'setExtraMetrics'; metrics: ExtraMetric[] };
