import type { ArmCounts } from './counts';
import { normalQuantile } from './normal';

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

/**
 * Days until every arm has `required` visitors at its own observed visitors per day: 0 when
 * all have them; null when an arm that still needs some has no rate yet (no days or no
 * visitors).
 */
export function daysUntil(
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
