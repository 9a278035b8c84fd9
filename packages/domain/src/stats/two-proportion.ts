import { assertArmCounts, type ArmCounts } from './counts';
import { normalSf } from './normal';

export interface ZTestResult {
  /** (rate variant - rate control) / pooled standard error; 0 when undefined. */
  z: number;
  /** Two-sided p-value; 1 when there is nothing to test (an empty arm, or no variance). */
  pValue: number;
}

/**
 * Two-sided two-proportion z-test with the pooled variance under H0: p_control = p_variant
 * (the score test; identical to Pearson's chi-square on the 2x2 table without continuity
 * correction, and to statsmodels' `proportions_ztest`).
 */
export function twoProportionZTest(control: ArmCounts, variant: ArmCounts): ZTestResult {
  assertArmCounts(control);
  assertArmCounts(variant);
  const n1 = control.visitors;
  const n2 = variant.visitors;
  if (n1 === 0 || n2 === 0) return { z: 0, pValue: 1 };
  const pooled = (control.conversions + variant.conversions) / (n1 + n2);
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  // All converted or none did: both arms agree exactly, no evidence of a difference.
  if (variance === 0) return { z: 0, pValue: 1 };
  const z = (variant.conversions / n2 - control.conversions / n1) / Math.sqrt(variance);
  return { z, pValue: Math.min(1, 2 * normalSf(Math.abs(z))) };
}
