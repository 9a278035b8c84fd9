import {
  CAMPAIGN_FORM_MESSAGES,
  ERROR_MESSAGES,
  GoalEventType,
  ingestedUrlSchemaFor,
  isValidPageUrl,
  normalizeUrl,
  type Goal,
  type GoalElement,
} from '@kindling/domain';
import type { ElementDescription } from '@kindling/page-runtime';
import type { GoalsHost } from './goals-state';

// Pure goal-step rules: kept out of the components so they can be unit-tested in node.

/**
 * The error a page view URL shows after blur: required when empty, invalid otherwise. The app's
 * own published pages under `ownPagesOrigin` are valid wherever the app runs.
 */
export function pageUrlError(
  url: string | undefined,
  ownPagesOrigin?: string | null,
): string | undefined {
  const result = ingestedUrlSchemaFor(ownPagesOrigin).safeParse(normalizeUrl(url ?? ''));
  if (result.success) return undefined;
  return result.error.issues[0]?.message ?? CAMPAIGN_FORM_MESSAGES.urlInvalid;
}

function goalMessage(
  goal: Goal,
  position: number,
  ownPagesOrigin: string | null | undefined,
): string | undefined {
  const name = goal.event.name.trim();
  if (name === '') return `Enter a name for goal ${position}.`;
  switch (goal.event.type) {
    case GoalEventType.Click:
      return (goal.event.elements ?? []).length === 0
        ? `Choose at least one element for ${name}.`
        : undefined;
    case GoalEventType.PageView:
      return isValidPageUrl(goal.event.url ?? '', ownPagesOrigin)
        ? undefined
        : `Enter a valid page URL for ${name}.`;
    case GoalEventType.Unknown:
      return ERROR_MESSAGES.unsupportedGoalEvent;
  }
}

export const NO_FUNNEL_STEP_MESSAGE =
  'Keep at least one goal as a funnel step: the last funnel step is the conversion goal.';

/**
 * The first incomplete goal's message, or undefined when every goal can be saved. Goals there
 * are need a funnel step: without one nothing would be converted to, nor a winner decided.
 */
export function goalsReadyMessage(
  goals: readonly Goal[],
  ownPagesOrigin?: string | null,
): string | undefined {
  for (const [index, goal] of goals.entries()) {
    const message = goalMessage(goal, index + 1, ownPagesOrigin);
    if (message !== undefined) return message;
  }
  if (goals.length > 0 && goals.every((goal) => goal.metricRole !== null)) {
    return NO_FUNNEL_STEP_MESSAGE;
  }
  return undefined;
}

/** What the active goal counts, shown above the preview. */
export interface GoalTarget {
  label: 'Counts clicks on' | 'Counts visits to';
  url: string;
}

/**
 * Where the active goal counts: a click goal on the campaign page the preview shows (goals are
 * defined against the original page), a page view goal on its own URL once that is valid.
 * Undefined when no goal is active or the page view URL is not usable yet.
 */
export function activeGoalTarget(
  state: Pick<GoalsHost, 'goals' | 'activeGoalId' | 'ingestedUrl'>,
  ownPagesOrigin?: string | null,
): GoalTarget | undefined {
  const goal = state.goals.find((candidate) => candidate.id === state.activeGoalId);
  if (!goal) return undefined;
  switch (goal.event.type) {
    case GoalEventType.Click:
      return { label: 'Counts clicks on', url: state.ingestedUrl };
    case GoalEventType.PageView:
      return isValidPageUrl(goal.event.url ?? '', ownPagesOrigin)
        ? { label: 'Counts visits to', url: normalizeUrl(goal.event.url ?? '') }
        : undefined;
    case GoalEventType.Unknown:
      return undefined;
  }
}

/** A clicked page element as a click goal's element, labelled by its text (or its tag). */
export function goalElementFromPick(
  picked: Pick<ElementDescription, 'selector' | 'text' | 'tagName'>,
): GoalElement {
  const label = picked.text.trim().slice(0, 80) || picked.tagName.toLowerCase();
  return { id: picked.selector, label, selector: picked.selector };
}
