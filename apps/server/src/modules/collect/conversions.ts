import type { CollectEvent } from '@kindling/domain';
import { sessionKey, visitorKey, withinConversionWindow } from './rollup-plan';

type GoalEvent = Extract<CollectEvent, { type: 'goal' }>;

export interface ConversionInput {
  /** Goal events that reached their goal for the first time in their session. */
  reached: readonly GoalEvent[];
  /** Campaign id -> its funnel: goal ids in order, ending with the conversion goal. */
  funnels: ReadonlyMap<number, readonly number[]>;
  /** `${campaignId}:${sessionId}` -> goal id -> when the session first reached it (ms). */
  sessionGoals: ReadonlyMap<string, ReadonlyMap<number, number>>;
  /** `${campaignId}:${visitorId}` -> first exposure (ms). */
  firstExposures: ReadonlyMap<string, number>;
}

/**
 * The goal events that are conversions: the funnel's last goal, reached after every earlier
 * goal of the funnel in the same session, within the conversion window of the first exposure.
 */
export function findConversions(input: ConversionInput): Set<string> {
  const conversions = new Set<string>();
  for (const event of input.reached) {
    const funnel = input.funnels.get(event.campaignId) ?? [];
    if (funnel.at(-1) !== event.goalId) continue;
    const firstExposure = input.firstExposures.get(visitorKey(event));
    if (firstExposure === undefined || !withinConversionWindow(firstExposure, event.ts)) continue;
    const reached = input.sessionGoals.get(sessionKey(event)) ?? new Map<number, number>();
    const inOrder = funnel.slice(0, -1).every((goalId) => {
      const at = reached.get(goalId);
      return at !== undefined && at <= event.ts;
    });
    if (inOrder) conversions.add(event.id);
  }
  return conversions;
}
