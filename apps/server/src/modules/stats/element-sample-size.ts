import { daysUntil, type ArmCounts, type SampleSize } from '@kindling/domain';
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
 * Visitors each arm needs (the element's plan: from the campaign's minimum detectable effect and
 * the original's rate, never from the observed uplift, so a lucky early result does not read as
 * "reached"), the smallest arm's visitors, and the days left at each arm's observed rate.
 */
export function elementSampleSize({
  arms,
  plannedPerArm,
  daysElapsed,
}: {
  /** The running arms, control first. */
  arms: readonly ArmCounts[];
  plannedPerArm: number | null;
  daysElapsed: number;
}): SampleSize {
  return {
    requiredPerArm: plannedPerArm,
    exposedPerArm: Math.min(...arms.map((arm) => arm.visitors)),
    daysRemaining: plannedPerArm === null ? null : daysUntil(plannedPerArm, arms, daysElapsed),
  };
}
