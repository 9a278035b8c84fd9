import { assertArmCounts, type ArmCounts } from './counts';
import { normalQuantile, normalSf } from './normal';
import { sequentialHalfWidth } from './sequential';
import { studentTCritical, studentTTwoSided } from './student-t';
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
  /** A conversion arm without a single conversion (its mean is Haldane's half). */
  noConversions?: boolean;
}

export type TestMethod = 'sequential' | 'fixed';
/** Visitors who converted; a mean per visitor (revenue); a ratio of two sums (per session). */
export type MetricType = 'conversion' | 'mean' | 'ratio';

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
    ...(conversions === 0 ? { noConversions: true } : {}),
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

/** Per-unit totals of a ratio metric (revenue per session): numerator x and denominator y. */
export interface RatioTotals {
  units: number;
  numerator: { sum: number; sumOfSquares: number };
  denominator: { sum: number; sumOfSquares: number };
  /** Σ x·y over the units. */
  sumOfProducts: number;
}

/**
 * R = Σx / Σy with the delta method's variance for units (visitors) that carry several of the
 * denominator (sessions): Var(R̂) = (s_x²/ȳ² - 2 x̄ s_xy/ȳ³ + x̄² s_y²/ȳ⁴) / n, sample
 * (co)variances over the units (Deng, Knoblich & Lu, KDD 2018, §2.2).
 */
export function ratioSummary({
  units,
  numerator,
  denominator,
  sumOfProducts,
}: RatioTotals): ArmSummary {
  const mean = denominator.sum > 0 ? numerator.sum / denominator.sum : 0;
  if (units < 2 || !(denominator.sum > 0)) return { units, mean, varianceOfMean: 0 };
  const x = numerator.sum / units;
  const y = denominator.sum / units;
  const covariance = (sumOfSquares: number, product: number) =>
    (sumOfSquares - units * product) / (units - 1);
  const varianceX = Math.max(0, covariance(numerator.sumOfSquares, x * x));
  const varianceY = Math.max(0, covariance(denominator.sumOfSquares, y * y));
  const covarianceXY = covariance(sumOfProducts, x * y);
  const variance =
    (varianceX / y ** 2 - (2 * x * covarianceXY) / y ** 3 + (x * x * varianceY) / y ** 4) / units;
  return { units, mean, varianceOfMean: Math.max(0, variance) };
}

/** Welch's unequal-variances t-test of mean_v - mean_c (Welch, Biometrika 34, 1947). */
export interface WelchTest {
  difference: number;
  standardError: number;
  t: number;
  /** Welch–Satterthwaite degrees of freedom. */
  degreesOfFreedom: number;
  pValue: number;
}

/** Null when either arm has fewer than 2 units or neither varies. */
export function welchTest(control: ArmSummary, variant: ArmSummary): WelchTest | null {
  if (control.units < 2 || variant.units < 2) return null;
  const [vc, vv] = [control.varianceOfMean, variant.varianceOfMean];
  const variance = vc + vv;
  if (!(variance > 0) || !Number.isFinite(variance)) return null;
  const degreesOfFreedom =
    variance ** 2 / (vc ** 2 / (control.units - 1) + vv ** 2 / (variant.units - 1));
  const difference = variant.mean - control.mean;
  const standardError = Math.sqrt(variance);
  const t = difference / standardError;
  return {
    difference,
    standardError,
    t,
    degreesOfFreedom,
    pValue: studentTTwoSided(t, degreesOfFreedom),
  };
}

/** The Welch interval of mean_v - mean_c at level 1 - alpha: the inversion of its t-test. */
export const welchInterval = (test: WelchTest, alpha: number): Interval => {
  const half = studentTCritical(alpha, test.degreesOfFreedom) * test.standardError;
  return [test.difference - half, test.difference + half];
};

/** One comparison as every metric answers it: a relative change, its p-value and interval. */
export interface PairTest {
  /** Relative change of the variant against the control. */
  estimate: number;
  pValue: number;
  /** The relative interval at level 1 - alpha, excluding 0 exactly when pValue < alpha. */
  interval: (alpha: number) => Interval;
}

/**
 * The test of one pair: a mean at fixed horizon is Welch's t-test on the difference, read
 * relative to the control's mean (the interval clipped at -100%: these metrics are never
 * negative); everything else is the log-ratio test above (fixed z or always-valid mSPRT).
 */
export function pairTest(
  control: ArmSummary,
  variant: ArmSummary,
  settings: MethodSettings,
  kind: MetricType,
): PairTest | null {
  if (kind === 'mean' && settings.method === 'fixed') {
    const test = welchTest(control, variant);
    if (!test || !(control.mean > 0)) return null;
    const relative = (value: number) => Math.max(-1, value / control.mean);
    return {
      estimate: test.difference / control.mean,
      pValue: test.pValue,
      interval: (alpha) => {
        const [lo, hi] = welchInterval(test, alpha);
        return [relative(lo), relative(hi)];
      },
    };
  }
  // Two arms without a conversion have nothing to compare: Haldane's halves would make up a
  // ratio and an interval spanning orders of magnitude.
  if (control.noConversions && variant.noConversions) return null;
  const ratio = logRatio(control, variant);
  if (!ratio) return null;
  return {
    estimate: Math.expm1(ratio.estimate),
    pValue: comparisonPValue(ratio, settings),
    interval: (alpha) => relativeInterval(comparisonInterval(ratio, settings, alpha)),
  };
}
