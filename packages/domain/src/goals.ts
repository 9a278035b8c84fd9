import { MAX_GOALS, type WizardStep } from './constants';
import { GoalEventType, type Goal, type GoalElement } from './goal-schema';
import { ERROR_MESSAGES } from './messages';

// Goal funnel rules, spec sections 3 and 4. Every list operation returns a new list
// in which the last goal is the conversion goal.

export const GOAL_MESSAGES = { tooManyGoals: 'You can have at most 5 goals' } as const;

/** "Click Goal #n" / "Page View Goal #n" with n = current goal count + 1. */
export function defaultGoalName(type: GoalEventType, currentCount: number): string {
  const n = currentCount + 1;
  switch (type) {
    case GoalEventType.Click:
      return `Click Goal #${n}`;
    case GoalEventType.PageView:
      return `Page View Goal #${n}`;
    case GoalEventType.Unknown:
      return `Goal #${n}`;
  }
}

/**
 * The funnel's end is its last goal: the last one that is not a secondary or guardrail metric
 * (those are measured beside the funnel, never as its end).
 */
export function markConversionGoal<G extends Goal>(goals: readonly G[]): G[] {
  const last = goals.findLastIndex((goal) => goal.metricRole === null);
  return goals.map((goal, i) => ({ ...goal, isConversionGoal: i === last }));
}

/**
 * The funnel's goals in order, up to and including its end (the flagged conversion goal, else
 * the last funnel goal); secondary and guardrail goals are not steps of it.
 */
export function funnelGoals<G extends Pick<Goal, 'isConversionGoal' | 'metricRole'>>(
  goals: readonly G[],
): G[] {
  const steps = goals.filter((goal) => goal.metricRole === null);
  const flagged = steps.findIndex((goal) => goal.isConversionGoal);
  return steps.slice(0, flagged === -1 ? steps.length : flagged + 1);
}

export function canAddGoal(goals: readonly Goal[]): boolean {
  return goals.length < MAX_GOALS;
}

/** Appends a goal; throws with "You can have at most 5 goals" when the funnel is full. */
export function addGoal<G extends Goal>(goals: readonly G[], goal: G): G[] {
  if (!canAddGoal(goals)) throw new Error(GOAL_MESSAGES.tooManyGoals);
  return markConversionGoal([...goals, goal]);
}

/** Replaces the goal with the same id, or appends it when it is new. */
export function saveGoal<G extends Goal>(goals: readonly G[], goal: G): G[] {
  const at = goals.findIndex((candidate) => candidate.id === goal.id);
  if (at < 0) return addGoal(goals, goal);
  return markConversionGoal(goals.map((candidate, i) => (i === at ? goal : candidate)));
}

function assertIndex(goals: readonly Goal[], index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= goals.length) {
    throw new RangeError(`Goal index ${index} is out of range`);
  }
}

export function swapGoals<G extends Goal>(goals: readonly G[], from: number, to: number): G[] {
  assertIndex(goals, from);
  assertIndex(goals, to);
  const next = [...goals];
  const a = goals[from];
  const b = goals[to];
  if (a === undefined || b === undefined) return markConversionGoal(next);
  next[from] = b;
  next[to] = a;
  return markConversionGoal(next);
}

/** Moves the goal at `from` so that it ends up at index `to` (drag and drop). */
export function moveGoal<G extends Goal>(goals: readonly G[], from: number, to: number): G[] {
  assertIndex(goals, from);
  assertIndex(goals, to);
  const next = [...goals];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return markConversionGoal(next);
}

export function deleteGoal<G extends Goal>(goals: readonly G[], id: number): G[] {
  return markConversionGoal(goals.filter((goal) => goal.id !== id));
}

/** Adds the element to a click goal, or removes it when one with the same selector is there. */
export function toggleClickGoalElement<G extends Goal>(goal: G, element: GoalElement): G {
  const elements = goal.event.elements ?? [];
  const selected = elements.some((candidate) => candidate.selector === element.selector);
  const next = selected
    ? elements.filter((candidate) => candidate.selector !== element.selector)
    : [...elements, element];
  return { ...goal, event: { ...goal.event, elements: next } };
}

/**
 * Goal events are chosen only in the EditGoals step, where page views and clicks
 * are allowed; anything else throws "Unsupported track event type in this step."
 */
export function isGoalEventAllowed(type: GoalEventType, step: WizardStep): boolean {
  return step === 'EditGoals' && (type === GoalEventType.PageView || type === GoalEventType.Click);
}

export function assertGoalEventAllowed(type: GoalEventType, step: WizardStep): void {
  if (!isGoalEventAllowed(type, step)) throw new Error(ERROR_MESSAGES.unsupportedGoalEvent);
}
