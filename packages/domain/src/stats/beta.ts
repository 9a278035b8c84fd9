import { logGamma } from './gamma';

/** ln B(a, b) = ln Γ(a) + ln Γ(b) - ln Γ(a + b). */
export function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
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
 * priors updated by counts), exact up to rounding. The sum runs over the smaller alpha, using
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
