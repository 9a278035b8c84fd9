import type { Goal, GoalMetricRole } from '@kindling/domain';

// What a goal measures (issue 29), in the words the wizard and the campaign page both use.

/** A goal's role as a person picks it: a step of the funnel, or a metric beside it. */
export type GoalRoleChoice = 'funnel' | GoalMetricRole;

export const GOAL_ROLE_OPTIONS = [
  {
    value: 'funnel',
    label: 'Funnel step',
    help: 'Visitors reach the funnel steps in order; reaching the last one is a conversion, which decides the winner.',
  },
  {
    value: 'secondary',
    label: 'Secondary metric',
    help: 'Reported beside the funnel to learn from; it never decides the winner.',
  },
  {
    value: 'guardrail',
    label: 'Guardrail',
    help: 'Watched for harm: a variant that makes it significantly worse is not called a winner.',
  },
] as const satisfies readonly { value: GoalRoleChoice; label: string; help: string }[];

export const LOWER_IS_BETTER = {
  label: 'Lower is better',
  help: 'For a bounce or an error page: fewer is the good direction, so a rise counts as a harm.',
} as const;

export const roleChoiceOf = (goal: Pick<Goal, 'metricRole'>): GoalRoleChoice =>
  goal.metricRole ?? 'funnel';

export const metricRoleOf = (choice: GoalRoleChoice): GoalMetricRole | null =>
  choice === 'funnel' ? null : choice;

export function roleLabel(choice: GoalRoleChoice): string {
  return GOAL_ROLE_OPTIONS.find((option) => option.value === choice)?.label ?? choice;
}

/**
 * What heads the goal at `index`: "Step n" for a funnel step, counting funnel steps only (a
 * secondary metric or a guardrail is not a step), else its role.
 */
export function goalPositionLabel(goals: readonly Pick<Goal, 'metricRole'>[], index: number) {
  const goal = goals[index];
  if (!goal) return '';
  if (goal.metricRole !== null) return roleLabel(goal.metricRole);
  const step = goals.slice(0, index + 1).filter((candidate) => candidate.metricRole === null);
  return `Step ${step.length}`;
}
