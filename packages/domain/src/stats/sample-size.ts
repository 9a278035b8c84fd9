import { assertArmCounts, conversionRate, type ArmCounts } from './counts';
import { normalQuantile } from './normal';
import { relativeUplift } from './uplift';

export const SAMPLE_SIZE_ALPHA = 0.05;
export const SAMPLE_SIZE_POWER = 0.8;

export interface SampleSizeInput {
  /** The control's conversion rate. */
  baselineRate: number;
  /** The relative uplift to detect: 0.1 means the variant converts 10% more often. */
  relativeEffect: number;
  /** Two-sided significance level; 0.05 by default. */
  alpha?: number;
  /** 1 - type II error; 0.8 by default. */
  power?: number;
}

/**
 * Visitors needed in each arm for the two-sided two-proportion z-test to detect p2 = p1 (1 + e):
 *   n = (z(1-α/2) √(2 p̄ q̄) + z(power) √(p1 q1 + p2 q2))² / (p1 - p2)²,  p̄ = (p1 + p2) / 2
 * (Fleiss, Levin & Paik, "Statistical Methods for Rates and Proportions", 3rd ed., 2003, eq.
 * 4.14 without continuity correction; R's `power.prop.test`). Not rounded. Null when there is
 * nothing detectable: no effect, a baseline of 0 or 1, or a target rate outside [0, 1].
 */
export function requiredSampleSize({
  baselineRate: p1,
  relativeEffect,
  alpha = SAMPLE_SIZE_ALPHA,
  power = SAMPLE_SIZE_POWER,
}: SampleSizeInput): number | null {
  if (!(alpha > 0 && alpha < 1) || !(power > 0 && power < 1)) {
    throw new RangeError(`alpha and power lie in (0, 1): ${alpha}, ${power}`);
  }
  const p2 = p1 * (1 + relativeEffect);
  if (!(p1 > 0 && p1 < 1) || !(p2 >= 0 && p2 <= 1) || p2 === p1) return null;
  const mean = (p1 + p2) / 2;
  const root =
    normalQuantile(1 - alpha / 2) * Math.sqrt(2 * mean * (1 - mean)) +
    normalQuantile(power) * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return (root / (p2 - p1)) ** 2;
}

export interface SampleEstimate {
  /** Visitors needed in each arm (rounded up); null when not estimable. */
  requiredPerArm: number | null;
  /** Days until every arm has them at its current exposures/day; 0 when reached; null when not estimable. */
  daysRemaining: number | null;
}

export interface SampleEstimateInput {
  control: ArmCounts;
  variants: readonly ArmCounts[];
  /** Days the element has been collecting exposures (fractions allowed). */
  daysElapsed: number;
  /** Relative effect to detect; without it, each variant's currently observed uplift. */
  minimumDetectableEffect?: number;
  alpha?: number;
  power?: number;
}

function daysUntil(
  required: number,
  arms: readonly ArmCounts[],
  daysElapsed: number,
): number | null {
  let days = 0;
  for (const { visitors } of arms) {
    const missing = required - visitors;
    if (missing <= 0) continue;
    if (!(daysElapsed > 0) || visitors === 0) return null;
    days = Math.max(days, missing / (visitors / daysElapsed));
  }
  return days;
}

/**
 * Per element: the sample each variant needs against the control, and the days left at the
 * observed exposures per day. The element's figures are the largest over its variants (the
 * element is done when every comparison is), null if any variant's is not estimable (its
 * observed uplift is 0 or undefined: pass `minimumDetectableEffect` to always get one).
 */
export function sampleEstimate({
  control,
  variants,
  daysElapsed,
  minimumDetectableEffect,
  alpha,
  power,
}: SampleEstimateInput): SampleEstimate & { variants: SampleEstimate[] } {
  assertArmCounts(control);
  const baselineRate = conversionRate(control);
  const perVariant = variants.map((variant): SampleEstimate => {
    const relativeEffect = minimumDetectableEffect ?? relativeUplift(control, variant)?.estimate;
    const n =
      baselineRate === null || relativeEffect === undefined
        ? null
        : requiredSampleSize({ baselineRate, relativeEffect, alpha, power });
    if (n === null) return { requiredPerArm: null, daysRemaining: null };
    const requiredPerArm = Math.ceil(n);
    return {
      requiredPerArm,
      daysRemaining: daysUntil(requiredPerArm, [control, variant], daysElapsed),
    };
  });
  const largest = (pick: (e: SampleEstimate) => number | null): number | null => {
    const values = perVariant.map(pick);
    if (values.length === 0 || values.some((v) => v === null)) return null;
    return Math.max(...(values as number[]));
  };
  return {
    requiredPerArm: largest((e) => e.requiredPerArm),
    daysRemaining: largest((e) => e.daysRemaining),
    variants: perVariant,
  };
}
