import type { Interval } from './uplift';

/**
 * Always-valid ("anytime") intervals by the normal-mixture sequential probability ratio test
 * (mSPRT): Johari, Koomen, Pekelis & Walsh, "Peeking at A/B Tests: Why it matters, and what
 * to do about it", KDD 2017, and "Always Valid Inference", Operations Research 70(3), 2022;
 * the same boundary is the two-sided normal mixture of Howard, Ramdas, McAuliffe & Sekhon,
 * "Time-uniform, nonparametric, nonasymptotic confidence sequences", Ann. Statist. 49(2), 2021,
 * eq. (14).
 *
 * For an estimate θ̂ with (approximately normal) variance V, mixing the likelihood ratio over
 * θ ~ N(θ0, τ²) gives
 *   Λ(θ0) = √(V / (V + τ²)) · exp(τ² (θ̂ - θ0)² / (2 V (V + τ²))),
 * a martingale under θ0, so by Ville's inequality P(∃ n: Λ_n(θ) ≥ 1/α) ≤ α. The interval is
 * every θ0 with Λ(θ0) < 1/α:
 *   θ̂ ± √( V (V + τ²) / τ² · ln((V + τ²) / (V α²)) ),
 * valid at every look at once: looking daily does not inflate false positives. It is always
 * wider than the fixed interval θ̂ ± z √V, since its square exceeds V ln(1/α²) > z² V.
 */
export interface SequentialIntervalInput {
  estimate: number;
  /** The estimate's variance at this look. */
  variance: number;
  /** Mixing variance τ², fixed in advance; it sets where the interval is tightest (V ≈ τ²/8). */
  mixingVariance: number;
  /** 1 - coverage; 0.05 by default. */
  alpha?: number;
}

/** τ for the relative uplift: tightest around the precision that resolves a ~10% uplift. */
export const SEQUENTIAL_MIXING_SD = 0.1;
export const SEQUENTIAL_ALPHA = 0.05;

/** The half-width of the mSPRT interval; 0 when the variance is 0. */
export function sequentialHalfWidth(
  variance: number,
  mixingVariance: number,
  alpha = SEQUENTIAL_ALPHA,
): number {
  if (!(variance >= 0) || !(mixingVariance > 0) || !(alpha > 0 && alpha < 1)) {
    throw new RangeError(`sequentialHalfWidth(${variance}, ${mixingVariance}, ${alpha})`);
  }
  if (variance === 0) return 0;
  const total = variance + mixingVariance;
  return Math.sqrt(
    ((variance * total) / mixingVariance) * Math.log(total / (variance * alpha * alpha)),
  );
}

export function sequentialInterval({
  estimate,
  variance,
  mixingVariance,
  alpha = SEQUENTIAL_ALPHA,
}: SequentialIntervalInput): Interval {
  const half = sequentialHalfWidth(variance, mixingVariance, alpha);
  return [estimate - half, estimate + half];
}

/** Λ(θ0), the mixture likelihood ratio above; the interval's ends are where it equals 1/α. */
export function mixtureLikelihoodRatio({
  estimate,
  variance,
  mixingVariance,
  theta0,
}: Omit<SequentialIntervalInput, 'alpha'> & { theta0: number }): number {
  const total = variance + mixingVariance;
  const gap = estimate - theta0;
  return (
    Math.sqrt(variance / total) * Math.exp((mixingVariance * gap * gap) / (2 * variance * total))
  );
}
