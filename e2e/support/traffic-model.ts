import type { Assignment, CampaignArmCounts, CampaignGoalCounts } from '@kindling/domain';

// The counting rules of docs/api.md, written again from the visitor's side: given what each
// visitor did, the rollups GET /tracker/counts must answer. Kept apart from the server's
// rollup planner on purpose: a rule broken there is not broken here too.

/**
 * One thing a visitor does: opens the page (`view`, first), loads it again in the same session
 * (`reload`) or after the session timed out (`comeBackLater`), clicks a goal, or reports
 * revenue with `kindling('revenue', amount)`.
 */
export type Step = 'view' | 'reload' | 'comeBackLater' | 'features' | 'buy' | { revenue: number };

export interface CampaignIds {
  campaignId: number;
  headline: number;
  lead: number;
  /** The funnel: `features`, then `buy`, the conversion goal. */
  goals: { features: number; buy: number };
}

/** What the model can predict of an arm: everything counted but the timing. */
export type ArmRow = Omit<CampaignArmCounts, 'medianAppliedMs'>;
export type GoalRow = CampaignGoalCounts;

/**
 * Every page view is an exposure of each element in the visitor's arm: the visitor's first
 * opens the visitor, a session's first opens the session, and a variant shown counts as
 * applied (missed when the visitor saw the original), the original's elements too. A goal counts once per session (its first click); the conversion goal converts when
 * the session reached every earlier goal of the funnel before it. Revenue goes to the arms.
 */
export function countVisitors(
  ids: CampaignIds,
  visitors: readonly {
    assignment: Assignment;
    steps: readonly Step[];
    /** Per page view, the elements whose change the visitor did not see (applied too late). */
    missed: readonly ReadonlySet<number>[];
  }[],
): { arms: ArmRow[]; goals: GoalRow[] } {
  const arms = new Map<string, ArmRow>();
  const goals = new Map<string, GoalRow>();
  const variantOf = (arm: number | 'control') => (arm === 'control' ? null : arm);
  const armRow = (elementId: number, arm: number | 'control') => {
    const key = `${elementId}:${arm}`;
    const row = arms.get(key) ?? {
      elementId,
      variantId: variantOf(arm),
      exposures: 0,
      visitors: 0,
      sessions: 0,
      revenue: 0,
      applied: 0,
      missed: 0,
    };
    arms.set(key, row);
    return row;
  };
  const goalRow = (elementId: number, arm: number | 'control', goalId: number) => {
    const key = `${elementId}:${arm}:${goalId}`;
    const row = goals.get(key) ?? {
      elementId,
      variantId: variantOf(arm),
      goalId,
      goalSessions: 0,
      conversions: 0,
    };
    goals.set(key, row);
    return row;
  };

  for (const { assignment, steps, missed } of visitors) {
    const elements = [ids.headline, ids.lead].map((id) => [id, assignment[id]!] as const);
    let views = 0;
    let reached = new Set<number>();
    for (const step of steps) {
      if (step === 'view' || step === 'reload' || step === 'comeBackLater') {
        const newSession = views === 0 || step === 'comeBackLater';
        if (newSession) reached = new Set();
        for (const [elementId, arm] of elements) {
          const row = armRow(elementId, arm);
          row.exposures += 1;
          if (views === 0) row.visitors += 1;
          if (newSession) row.sessions += 1;
          // The original's elements are tracked as the variants' are (issue 31).
          if (missed[views]?.has(elementId)) row.missed += 1;
          else row.applied += 1;
        }
        views += 1;
      } else if (step === 'features' || step === 'buy') {
        const goalId = ids.goals[step];
        if (reached.has(goalId)) continue;
        const converts = step === 'buy' && reached.has(ids.goals.features);
        reached.add(goalId);
        for (const [elementId, arm] of elements) {
          const row = goalRow(elementId, arm, goalId);
          row.goalSessions += 1;
          if (converts) row.conversions += 1;
        }
      } else {
        for (const [elementId, arm] of elements) armRow(elementId, arm).revenue += step.revenue;
      }
    }
  }
  return { arms: [...arms.values()], goals: [...goals.values()] };
}
