import { sampleEstimate, type ArmCounts, type SampleSize } from '@kindling/domain';
import { NO_GOAL } from './arm-series';
import type { BucketRow } from './repo';

const DAY_MS = 86_400_000;

/**
 * Days the element has collected exposures in the range: from its first rollup hour with
 * exposures to the range's end, or to now if the range ends later. Counting from the range's
 * start would slow the observed rate of an element that started inside the range.
 */
export function daysExposed({
  rows,
  elementId,
  end,
}: {
  rows: readonly BucketRow[];
  elementId: number;
  /** The range's end, or now if earlier (ms). */
  end: number;
}): number {
  let first = Infinity;
  for (const row of rows) {
    if (row.elementId === elementId && row.goalId === NO_GOAL && row.exposures > 0) {
      first = Math.min(first, row.firstHour);
    }
  }
  return first === Infinity ? 0 : Math.max(0, (end - first) / DAY_MS);
}

/**
 * Visitors each arm needs to confirm the uplift observed so far (two-sided, alpha 0.05, power
 * 0.8; the largest over the element's variants), and the days left at each arm's rate.
 */
export function elementSampleSize({
  arms,
  daysElapsed,
}: {
  /** Control first, as the significance engine counts them. */
  arms: readonly ArmCounts[];
  daysElapsed: number;
}): SampleSize {
  const [control, ...variants] = arms;
  const estimate = sampleEstimate({ control: control!, variants, daysElapsed });
  return {
    requiredPerArm: estimate.requiredPerArm,
    exposedPerArm: Math.min(...arms.map((arm) => arm.visitors)),
    daysRemaining: estimate.daysRemaining,
  };
}
