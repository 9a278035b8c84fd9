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

/**
 * Sessions of conversion-goal events whose earlier funnel goals are not all in `sessionGoals`:
 * only these need the session's stored goals to decide. The others have nothing to look up.
 */
export function sessionsMissingFunnelGoals(input: {
  reached: readonly GoalEvent[];
  funnels: ReadonlyMap<number, readonly number[]>;
  sessionGoals: ReadonlyMap<string, ReadonlyMap<number, number>>;
}): Set<string> {
  const missing = new Set<string>();
  for (const event of input.reached) {
    const funnel = input.funnels.get(event.campaignId) ?? [];
    if (funnel.at(-1) !== event.goalId) continue;
    const known = input.sessionGoals.get(sessionKey(event));
    if (funnel.slice(0, -1).some((goalId) => !known?.has(goalId))) missing.add(sessionKey(event));
  }
  return missing;
}
