import { logGamma } from './gamma';

// Stirling-series coefficients B(2n) / (2n (2n - 1)): the terms after 8 are below 1e-17 for
// x >= 10 (Abramowitz & Stegun 6.1.40).
const STIRLING = [
  1 / 12,
  -1 / 360,
  1 / 1260,
  -1 / 1680,
  1 / 1188,
  -691 / 360360,
  1 / 156,
  -3617 / 122400,
] as const;
const STIRLING_FROM = 10;
const LOG_SQRT_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/** ln Γ(x) - ((x - ½) ln x - x + ln √(2π)), for x >= 10. */
function stirlingCorrection(x: number): number {
  const inverseSquare = 1 / (x * x);
  let sum = 0;
  for (let i = STIRLING.length - 1; i >= 0; i--) sum = sum * inverseSquare + STIRLING[i]!;
  return sum / x;
}

/**
 * ln B(a, b). With large arguments ln Γ values of order 1e7 would cancel and lose 9 digits, so
 * as in R's nmath lbeta.c the large parts are combined analytically (log1p) and only the small
 * Stirling corrections are subtracted.
 */
export function logBeta(a: number, b: number): number {
  const p = Math.min(a, b);
  const q = Math.max(a, b);
  if (!(p > 0)) throw new RangeError(`logBeta needs a, b > 0, got ${a}, ${b}`);
  const ratio = p / (p + q);
  if (p >= STIRLING_FROM) {
    const correction = stirlingCorrection(p) + stirlingCorrection(q) - stirlingCorrection(p + q);
    return (
      -0.5 * Math.log(q) +
      LOG_SQRT_TWO_PI +
      correction +
      (p - 0.5) * Math.log(ratio) +
      q * Math.log1p(-ratio)
    );
  }
  if (q >= STIRLING_FROM) {
    const correction = stirlingCorrection(q) - stirlingCorrection(p + q);
    return logGamma(p) + correction + p - p * Math.log(p + q) + (q - 0.5) * Math.log1p(-ratio);
  }
  return logGamma(p) + logGamma(q) - logGamma(p + q);
}

/** A Beta(alpha, beta) distribution with whole-number parameters. */
export interface BetaParameters {
  alpha: number;
  beta: number;
}

// Terms are summed on a moving scale: a term can start far below the smallest double
// (e^-5000 for a million visitors) and peak far above it.
const RESCALE_ABOVE = 1e250;
const LOG_RESCALE = Math.log(RESCALE_ABOVE);

/**
 * P(Y > X) for X ~ Beta(x.alpha, x.beta), Y ~ Beta(y.alpha, y.beta), y.alpha whole:
 * Evan Miller's closed form ("Formulas for Bayesian A/B Testing", 2014):
 *   Σ_{i=0}^{αy-1} B(αx+i, βx+βy) / ((βy+i) B(1+i, βy) B(αx, βx)).
 * Consecutive terms differ by the rational factor
 *   (αx+i)(βy+i) / ((αx+βx+βy+i)(i+1)),
 * so after one log-beta the sum costs a few multiplications per term.
 */
function exceedsBySum(x: BetaParameters, y: BetaParameters): number {
  const logFirst = logBeta(x.alpha, x.beta + y.beta) - logBeta(x.alpha, x.beta);
  let logScale = logFirst;
  let term = 1;
  let sum = 0;
  const total = x.alpha + x.beta + y.beta;
  for (let i = 0; i < y.alpha; i++) {
    sum += term;
    term *= ((x.alpha + i) * (y.beta + i)) / ((total + i) * (i + 1));
    if (term > RESCALE_ABOVE) {
      term /= RESCALE_ABOVE;
      sum /= RESCALE_ABOVE;
      logScale += LOG_RESCALE;
    }
  }
  return Math.exp(Math.log(sum) + logScale);
}

/**
 * P(Y > X) for independent X ~ Beta(x), Y ~ Beta(y) with whole-number alphas (Beta(1, 1)
 * priors updated by counts), exact up to rounding: 1e-15 for thousands of conversions, about
 * 1e-10 relative at half a million (the term recurrence drifts by an ulp per term). The sum runs over the smaller alpha, using
 * P(Y > X) = 1 - P(X > Y) (ties have probability 0), so it costs O(min conversions + 1): about
 * a millisecond per million terms, hence no numeric-integration fallback is needed (see
 * docs/decisions.md).
 */
export function probabilityBetaExceeds(x: BetaParameters, y: BetaParameters): number {
  for (const { alpha, beta } of [x, y]) {
    if (!Number.isSafeInteger(alpha) || alpha < 1 || !(beta > 0)) {
      throw new RangeError(`Beta(${alpha}, ${beta}): alpha must be a whole number >= 1, beta > 0`);
    }
  }
  const p = y.alpha <= x.alpha ? exceedsBySum(x, y) : 1 - exceedsBySum(y, x);
  return Math.min(1, Math.max(0, p));
}
