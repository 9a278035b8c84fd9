import { assertArmCounts, type ArmCounts } from './counts';
import { normalQuantile } from './normal';

export type Interval = [lo: number, hi: number];

export interface UpliftEstimate {
  /** rate variant / rate control - 1. */
  estimate: number;
  /** Delta-method variance of the estimate. */
  variance: number;
  /** estimate ± z(0.975) · √variance; null when the variance is 0 (see below). */
  ci95: Interval | null;
}

/** z for a two-sided 95% interval, 1.959963984540054. */
export const Z_95 = normalQuantile(0.975);

/**
 * Relative uplift of the variant over the control with a delta-method interval. With
 * p̂c, p̂v the rates, r̂ = p̂v/p̂c - 1 and (first-order Taylor expansion, as in Kohavi, Tang &
 * Xu, "Trustworthy Online Controlled Experiments", 2020, ch. 18 and Deng et al., "Applying the
 * Delta Method in Metric Analytics", KDD 2018):
 *   Var(r̂) = Var(p̂v)/p̂c² + p̂v² Var(p̂c)/p̂c⁴,  Var(p̂) = p̂(1-p̂)/n.
 * Null when undefined: an arm without visitors, or a control without conversions (a ratio
 * over zero). When the variance is 0 (a variant at 0%, or both arms at 100%) the Wald interval
 * would be a single point claiming certainty from a few visitors: the interval is null then.
 */
export function relativeUplift(control: ArmCounts, variant: ArmCounts): UpliftEstimate | null {
  assertArmCounts(control);
  assertArmCounts(variant);
  if (control.visitors === 0 || variant.visitors === 0 || control.conversions === 0) return null;
  const pc = control.conversions / control.visitors;
  const pv = variant.conversions / variant.visitors;
  const variance =
    (pv * (1 - pv)) / variant.visitors / (pc * pc) +
    (pv * pv * pc * (1 - pc)) / control.visitors / pc ** 4;
  const estimate = pv / pc - 1;
  if (variance === 0) return { estimate, variance, ci95: null };
  const half = Z_95 * Math.sqrt(variance);
  return { estimate, variance, ci95: [estimate - half, estimate + half] };
}
