import type { CollectEvent } from '@kindling/domain';
import type { Statements } from '../../db/statement-transaction';
import { findConversions, sessionsMissingFunnelGoals } from './conversions';
import { findSessionGoals, insertNewGoalReaches } from './repo';
import { sessionKey, visitorKey, type VisitorFacts } from './rollup-plan';
import { firstBy } from './known-visitors';

type Goal = Extract<CollectEvent, { type: 'goal' }>;

const goalKey = (event: { campaignId: number; sessionId: string; goalId: number }) =>
  `${sessionKey(event)}:${event.goalId}`;
const visitorGoalKey = (event: { campaignId: number; visitorId: string; goalId: number }) =>
  `${visitorKey(event)}:${event.goalId}`;

/**
 * Records the goals each session and each visitor reach for the first time (besides those the
 * first statement recorded), and which of the session's first reaches are conversions. A
 * session's earlier funnel goals are looked up only when this batch did not reach them itself
 * (a goal it reached is new, so the batch already knows when).
 */
export async function reachGoals(
  statements: Statements,
  input: {
    reachedHere: readonly Goal[];
    firstOfVisitorHere: readonly Goal[];
    /** Goal events of visitors stored before this batch. */
    goals: readonly Goal[];
    funnels: ReadonlyMap<number, readonly number[]>;
    visitors: ReadonlyMap<string, VisitorFacts>;
  },
): Promise<{ reached: Goal[]; firstOfVisitor: Goal[]; conversions: Set<string> }> {
  const goalOpeners = firstBy(input.goals, goalKey);
  const visitorGoalOpeners = firstBy(input.goals, visitorGoalKey);
  const reachedAt = (event: Goal) => new Date(event.ts).toISOString();
  const newRows = await insertNewGoalReaches(statements, {
    sessionGoals: [...goalOpeners.values()].map((event) => ({
      campaignId: event.campaignId,
      sessionId: event.sessionId,
      goalId: event.goalId,
      reachedAt: reachedAt(event),
    })),
    visitorGoals: [...visitorGoalOpeners.values()].map((event) => ({
      campaignId: event.campaignId,
      visitorId: event.visitorId,
      goalId: event.goalId,
      reachedAt: reachedAt(event),
    })),
  });
  const reached = [
    ...input.reachedHere,
    ...newRows.sessionGoals.map((row) => goalOpeners.get(goalKey(row))!),
  ];
  const firstOfVisitor = [
    ...input.firstOfVisitorHere,
    ...newRows.visitorGoals.map((row) => visitorGoalOpeners.get(visitorGoalKey(row))!),
  ];
  const sessionGoals = new Map<string, Map<number, number>>();
  const addSessionGoal = (key: string, goalId: number, at: number) =>
    sessionGoals.set(key, (sessionGoals.get(key) ?? new Map<number, number>()).set(goalId, at));
  for (const event of reached) addSessionGoal(sessionKey(event), event.goalId, event.ts);
  const unknown = sessionsMissingFunnelGoals({ reached, funnels: input.funnels, sessionGoals });
  for (const row of await findSessionGoals(
    statements,
    reached.filter((e) => unknown.has(sessionKey(e))).map((e) => [e.campaignId, e.sessionId]),
  )) {
    addSessionGoal(sessionKey(row), row.goalId, new Date(row.reachedAt).getTime());
  }
  const conversions = findConversions({
    reached,
    funnels: input.funnels,
    sessionGoals,
    firstExposures: new Map(
      [...input.visitors].map(([key, value]) => [key, value.firstExposureAt]),
    ),
  });
  return { reached, firstOfVisitor, conversions };
}
