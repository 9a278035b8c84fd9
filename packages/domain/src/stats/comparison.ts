import { assertArmCounts, type ArmCounts } from './counts';
import { normalQuantile, normalSf } from './normal';
import { sequentialHalfWidth } from './sequential';
import type { Interval } from './uplift';

/**
 * One arm of one metric, as the comparison needs it: its units (visitors), the metric's mean
 * per unit and the variance of that mean. Every metric type reduces to this (conversion: p̂ and
 * p̂(1-p̂)/n; a mean: x̄ and s²/n, Welch's unequal variances; a ratio: the delta method).
 */
export interface ArmSummary {
  units: number;
  mean: number;
  varianceOfMean: number;
}

export type TestMethod = 'sequential' | 'fixed';

/**
 * A variant against its control on the log of the ratio of means, θ = ln(mean_v / mean_c):
 * the relative uplift is e^θ - 1, so every interval stays above -100%. Delta method:
 *   Var(θ̂) = Var(x̄_v)/x̄_v² + Var(x̄_c)/x̄_c²
 * (Deng, Knoblich & Lu, "Applying the Delta Method in Metric Analytics", KDD 2018, §3.3).
 * Null when the ratio is undefined (a mean of 0 or an arm without units) or the variance is 0
 * (a test would claim certainty from arms that do not vary).
 */
export interface LogRatio {
  estimate: number;
  variance: number;
}

export function logRatio(control: ArmSummary, variant: ArmSummary): LogRatio | null {
  for (const arm of [control, variant]) {
    if (!(arm.units > 0) || !(arm.mean > 0) || !(arm.varianceOfMean >= 0)) return null;
  }
  const variance =
    variant.varianceOfMean / variant.mean ** 2 + control.varianceOfMean / control.mean ** 2;
  if (!(variance > 0) || !Number.isFinite(variance)) return null;
  return { estimate: Math.log(variant.mean / control.mean), variance };
}

/** How the sequential test is tuned: the mixing variance τ² of the mSPRT (see plan.ts). */
export interface MethodSettings {
  method: TestMethod;
  mixingVariance: number;
}

/**
 * The p-value of H0: θ = 0. Fixed horizon: two-sided z-test, 2·Φ(-|θ̂|/√V). Sequential: the
 * always-valid p-value min(1, 1/Λ(0)) of the normal-mixture SPRT (Johari et al., "Always Valid
 * Inference", Oper. Res. 2022, §3), valid however often it is looked at.
 */
export function comparisonPValue(
  { estimate, variance }: LogRatio,
  { method, mixingVariance }: MethodSettings,
): number {
  if (method === 'fixed')
    return Math.min(1, 2 * normalSf(Math.abs(estimate) / Math.sqrt(variance)));
  const total = variance + mixingVariance;
  const logLambda =
    0.5 * Math.log(variance / total) +
    (mixingVariance * estimate * estimate) / (2 * variance * total);
  return Math.min(1, Math.exp(-logLambda));
}

/**
 * The interval of θ at level `alpha` that inverts the same test: it excludes 0 exactly when the
 * p-value above is below `alpha` (fixed: θ̂ ± z(1-α/2)√V; sequential: every θ0 with
 * Λ(θ0) < 1/α, see sequential.ts).
 */
export function comparisonInterval(
  { estimate, variance }: LogRatio,
  { method, mixingVariance }: MethodSettings,
  alpha: number,
): Interval {
  const half =
    method === 'fixed'
      ? normalQuantile(1 - alpha / 2) * Math.sqrt(variance)
      : sequentialHalfWidth(variance, mixingVariance, alpha);
  return [estimate - half, estimate + half];
}

/** A log-ratio interval as relative uplift: e^θ - 1, so never below -100%. */
export const relativeInterval = ([lo, hi]: Interval): Interval => [Math.expm1(lo), Math.expm1(hi)];

/**
 * A conversion arm: p̂ = conversions / visitors and Var(p̂) = p̂(1-p̂)/n. An arm at 0% or 100%
 * has no variance to test with; it gets Haldane's half a conversion, p̂ = (c + ½)/(n + 1), so a
 * variant that converted nobody out of thousands still reads as worse rather than untestable.
 */
export function conversionSummary({ visitors, conversions }: ArmCounts): ArmSummary {
  assertArmCounts({ visitors, conversions });
  const extreme = conversions === 0 || conversions === visitors;
  const mean = extreme ? (conversions + 0.5) / (visitors + 1) : conversions / visitors;
  return {
    units: visitors,
    mean,
    varianceOfMean: visitors > 0 ? (mean * (1 - mean)) / visitors : 0,
  };
}

/** Per-unit totals of a mean metric (revenue per visitor): Σx and Σx² over `units`. */
export interface MeanTotals {
  units: number;
  sum: number;
  sumOfSquares: number;
}

/** x̄ and s²/n with the unbiased sample variance: Welch's unequal-variance standard error. */
export function meanSummary({ units, sum, sumOfSquares }: MeanTotals): ArmSummary {
  if (units < 2) return { units, mean: units ? sum / units : 0, varianceOfMean: 0 };
  const mean = sum / units;
  const sampleVariance = Math.max(0, (sumOfSquares - units * mean * mean) / (units - 1));
  return { units, mean, varianceOfMean: sampleVariance / units };
}
