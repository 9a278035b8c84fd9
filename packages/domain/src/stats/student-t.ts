import { logBeta } from './beta';

// Student's t distribution, for Welch's test of a mean metric. Written here rather than taken
// from a package: the smallest maintained one (stdlib's t-cdf) pulls in 224 packages (26 MB)
// for these forty lines; docs/decisions.md "Welch's t-test".

const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_TERMS = 500;

/** Lentz's evaluation of the incomplete beta continued fraction (Numerical Recipes §6.4). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_TERMS; m++) {
    const m2 = 2 * m;
    for (const numerator of [
      (m * (b - m) * x) / ((a + m2 - 1) * (a + m2)),
      (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1)),
    ]) {
      d = 1 + numerator * d;
      if (Math.abs(d) < TINY) d = TINY;
      c = 1 + numerator / c;
      if (Math.abs(c) < TINY) c = TINY;
      d = 1 / d;
      h *= d * c;
      if (Math.abs(d * c - 1) < EPSILON) return h;
    }
  }
  return h;
}

/** I_x(a, b), the regularized incomplete beta function, for 0 <= x <= 1 and a, b > 0. */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (!(x >= 0 && x <= 1) || !(a > 0) || !(b > 0)) {
    throw new RangeError(`regularizedIncompleteBeta(${x}, ${a}, ${b})`);
  }
  if (x === 0 || x === 1) return x;
  const front = Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b));
  // The fraction converges fast below the mean a/(a+b); above it, use I_x(a,b) = 1 - I_1-x(b,a).
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(x, a, b)) / a
    : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** P(|T| >= |t|) for T ~ t(df): I_{df/(df+t²)}(df/2, ½). df may be fractional (Welch). */
export function studentTTwoSided(t: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0) || Number.isNaN(t)) {
    throw new RangeError(`studentTTwoSided(${t}, ${degreesOfFreedom})`);
  }
  if (!Number.isFinite(t)) return 0;
  return regularizedIncompleteBeta(
    degreesOfFreedom / (degreesOfFreedom + t * t),
    degreesOfFreedom / 2,
    0.5,
  );
}

/**
 * The t with P(|T| >= t) = `twoSidedAlpha`: the half-width multiplier of a two-sided interval.
 * Found by bisection on the two-sided tail (monotone in t), to 1e-12.
 */
export function studentTCritical(twoSidedAlpha: number, degreesOfFreedom: number): number {
  if (!(twoSidedAlpha > 0 && twoSidedAlpha < 1) || !(degreesOfFreedom > 0)) {
    throw new RangeError(`studentTCritical(${twoSidedAlpha}, ${degreesOfFreedom})`);
  }
  let lo = 0;
  let hi = 1;
  while (studentTTwoSided(hi, degreesOfFreedom) > twoSidedAlpha) hi *= 2;
  while (hi - lo > 1e-12 * Math.max(1, hi)) {
    const mid = (lo + hi) / 2;
    if (studentTTwoSided(mid, degreesOfFreedom) > twoSidedAlpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
