import {
  CONTROL_ARM_KEY,
  funnelStepCounts,
  funnelStepSignificance,
  type FunnelCounts,
  type FunnelStep,
} from '@kindling/domain';
import { CONTROL_ARM, NO_GOAL } from './arm-series';
import type { ElementShape } from './present-stats';
import type { BucketRow } from './repo';

// Per-step funnel of an element over the range (docs/decisions.md, "Funnel steps and the
// sample estimate"). The rollups count sessions per goal: a step's count is the sessions that
// reached its goal (the last step: that completed the funnel in order, the conversion count),
// capped at the step before it, as the engine wants narrowing counts.

interface ArmTotals {
  visitors: number;
  goalVisitors: Map<number, number>;
  goalSessions: Map<number, number>;
  completions: Map<number, number>;
}

const add = (map: Map<number, number>, key: number, amount: number) =>
  map.set(key, (map.get(key) ?? 0) + amount);

function armTotals(rows: readonly BucketRow[], elementId: number): Map<number, ArmTotals> {
  const arms = new Map<number, ArmTotals>();
  for (const row of rows) {
    if (row.elementId !== elementId) continue;
    const totals = arms.get(row.arm) ?? {
      visitors: 0,
      goalVisitors: new Map<number, number>(),
      goalSessions: new Map<number, number>(),
      completions: new Map<number, number>(),
    };
    arms.set(row.arm, totals);
    if (row.goalId === NO_GOAL) totals.visitors += row.visitors;
    add(totals.goalVisitors, row.goalId, row.goalVisitors);
    add(totals.goalSessions, row.goalId, row.goalSessions);
    add(totals.completions, row.goalId, row.conversions);
  }
  return arms;
}

function funnelCounts(totals: ArmTotals | undefined, goalIds: readonly number[]): FunnelCounts {
  const visitors = totals?.visitors ?? 0;
  let entered = visitors;
  // The first step is visitors out of visitors (a visitor's second session is not a second
  // success); the later ones narrow the sessions that reached the step before.
  const steps = goalIds.map((goalId, step) => {
    const last = step === goalIds.length - 1;
    const counts =
      step === 0 ? totals?.goalVisitors : last ? totals?.completions : totals?.goalSessions;
    return (entered = Math.min(counts?.get(goalId) ?? 0, entered));
  });
  return { visitors, steps };
}

/** Each funnel goal's step: every arm's counts and its significance against the control. */
export function elementFunnel({
  element,
  goalIds,
  rows,
}: {
  element: ElementShape;
  /** The funnel's goals in order (funnelGoalIds). */
  goalIds: readonly number[];
  /** The range's rollups, with every funnel goal's rows. */
  rows: readonly BucketRow[];
}): FunnelStep[] {
  const totals = armTotals(rows, element.id);
  const [control, ...variants] = [CONTROL_ARM, ...element.variantIds].map((arm) =>
    funnelCounts(totals.get(arm), goalIds),
  );
  const compared = funnelStepSignificance({ control: control!, variants });
  const counts = [control!, ...variants].map(funnelStepCounts);
  return goalIds.map((goalId, step) => {
    const arms: FunnelStep['variants'] = {};
    counts.forEach((armSteps, a) => {
      const key = a === 0 ? CONTROL_ARM_KEY : element.variantIds[a - 1]!;
      const { visitors: entered, conversions: reached } = armSteps[step]!;
      arms[String(key)] = {
        id: key,
        control: a === 0,
        entered,
        reached,
        significance: a === 0 ? null : compared.variants[a - 1]!.steps[step]!,
      };
    });
    return { goalId, variants: arms };
  });
}

/** Visitors who first reached `goalId` in the range, per arm (control first). */
export function goalVisitorsByArm({
  rows,
  element,
  goalId,
}: {
  rows: readonly BucketRow[];
  element: ElementShape;
  goalId: number;
}): number[] {
  const totals = armTotals(rows, element.id);
  return [CONTROL_ARM, ...element.variantIds].map(
    (arm) => totals.get(arm)?.goalVisitors.get(goalId) ?? 0,
  );
}
