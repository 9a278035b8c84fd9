import { COLLECT_MESSAGES, type CollectEvent } from '@kindling/domain';
import type { TrackingShape } from '../campaigns/get-tracking-shapes';

/** The first reason a batch cannot be stored, or null: every name must exist in its campaign. */
export function findEventProblem(
  events: readonly CollectEvent[],
  shapes: ReadonlyMap<number, TrackingShape>,
): string | null {
  for (const event of events) {
    const shape = shapes.get(event.campaignId);
    if (!shape) return COLLECT_MESSAGES.unknownCampaign;
    if (shape.isDemo) return COLLECT_MESSAGES.demoCampaign;
    if (event.type === 'goal' && !shape.goals.has(event.goalId)) {
      return COLLECT_MESSAGES.unknownGoal;
    }
    if (event.type !== 'exposure') continue;
    for (const [elementId, arm] of Object.entries(event.assignments)) {
      const variants = shape.elements.get(Number(elementId));
      if (!variants || (arm !== 'control' && !variants.has(arm))) {
        return COLLECT_MESSAGES.unknownElement;
      }
    }
    if (Object.keys(event.applied).some((elementId) => !(elementId in event.assignments))) {
      return COLLECT_MESSAGES.unknownElement;
    }
    if (event.healed?.some((elementId) => !(String(elementId) in event.assignments))) {
      return COLLECT_MESSAGES.healed;
    }
  }
  return null;
}
