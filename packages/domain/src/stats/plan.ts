import { normalQuantile } from './normal';
import { requiredSampleSize, SAMPLE_SIZE_ALPHA, SAMPLE_SIZE_POWER } from './sample-size';
import type { TestMethod } from './comparison';
import { sequentialHalfWidth } from './sequential';

/** The smallest relative change worth detecting, unless the campaign says otherwise: 10%. */
export const DEFAULT_MINIMUM_DETECTABLE_EFFECT = 0.1;
export const MIN_MINIMUM_DETECTABLE_EFFECT = 0.01;
export const MAX_MINIMUM_DETECTABLE_EFFECT = 2;

/**
 * Where the sequential interval is narrowest relative to the fixed one: its squared half-width
 * over V is f(r) = (1 + r)/r · ln((1 + r)/α²) with r = τ²/V, which has one minimum. Found by
 * golden-section search (f is unimodal on r > 0); about 8.2 at α = 0.05.
 */
export function bestMixingRatio(alpha = SAMPLE_SIZE_ALPHA): number {
  const f = (r: number) => ((1 + r) / r) * Math.log((1 + r) / (alpha * alpha));
  const golden = (Math.sqrt(5) - 1) / 2;
  let [lo, hi] = [0.01, 1000];
  for (let i = 0; i < 200; i++) {
    const a = hi - golden * (hi - lo);
    const b = lo + golden * (hi - lo);
    if (f(a) < f(b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

/**
 * The variance of θ̂ = ln(mean_v/mean_c) at which a fixed-horizon test (α two-sided, the given
 * power) just detects the minimum effect: ln(1 + mde)² / (z(1-α/2) + z(power))². It depends on
 * the MDE alone, not on the baseline, so it can be fixed before any visitor arrives.
 */
export function plannedVariance(
  minimumDetectableEffect: number,
  { alpha = SAMPLE_SIZE_ALPHA, power = SAMPLE_SIZE_POWER } = {},
): number {
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  return (Math.log1p(minimumDetectableEffect) / z) ** 2;
}

/**
 * The mSPRT mixing variance τ² for a campaign, fixed in advance from its MDE: the sequential
 * interval is then narrowest when the campaign reaches its planned sample (Howard et al.,
 * "Time-uniform, nonparametric, nonasymptotic confidence sequences", Ann. Statist. 2021, §3.5,
 * on tuning the boundary to a target sample). Data never moves it, so the guarantee holds.
 */
export function mixingVarianceFor(minimumDetectableEffect: number, alpha = SAMPLE_SIZE_ALPHA) {
  return bestMixingRatio(alpha) * plannedVariance(minimumDetectableEffect, { alpha });
}

/** Var(θ̂) per arm of n visitors for a conversion rate p: (1-p)/(p n), the delta method of ln p̂. */
const logRateVariance = (rate: number) => (1 - rate) / rate;

/**
 * Visitors each arm needs for the method to detect the MDE with the given power, from the
 * control's rate (never from the observed uplift: a lucky early result does not shorten it).
 * Fixed horizon: the two-proportion formula (sample-size.ts). Sequential: the n at which the
 * effect clears the always-valid boundary with that power, ln(1+mde) = h(V) + z(power)·√V, V
 * the log-ratio variance at n; solved by bisection (h grows as V shrinks less than √V does).
 * Null when the rate leaves nothing to detect (0, 1, or a target rate above 1).
 */
export function plannedSamplePerArm({
  baselineRate,
  minimumDetectableEffect,
  method,
  alpha = SAMPLE_SIZE_ALPHA,
  power = SAMPLE_SIZE_POWER,
}: {
  baselineRate: number;
  minimumDetectableEffect: number;
  method: TestMethod;
  alpha?: number;
  power?: number;
}): number | null {
  const target = baselineRate * (1 + minimumDetectableEffect);
  if (!(baselineRate > 0 && baselineRate < 1) || !(target < 1)) return null;
  if (method === 'fixed') {
    const n = requiredSampleSize({
      baselineRate,
      relativeEffect: minimumDetectableEffect,
      alpha,
      power,
    });
    return n === null ? null : Math.ceil(n);
  }
  const perVisitor = logRateVariance(baselineRate) + logRateVariance(target);
  const effect = Math.log1p(minimumDetectableEffect);
  const mixing = mixingVarianceFor(minimumDetectableEffect, alpha);
  const zPower = normalQuantile(power);
  const detects = (n: number) => {
    const variance = perVisitor / n;
    return sequentialHalfWidth(variance, mixing, alpha) + zPower * Math.sqrt(variance) <= effect;
  };
  let [lo, hi] = [1, 2];
  while (!detects(hi)) {
    [lo, hi] = [hi, hi * 2];
    if (hi > 1e12) return null;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (detects(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
