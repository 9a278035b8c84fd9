import { regularizedGammaP, regularizedGammaQ } from './gamma';

// The standard normal distribution. Φ(z) = ½ erfc(-z/√2) and erfc(t) = Q(½, t²), so the tails
// come from the incomplete gamma continued fraction with full relative precision (Φ(-30) is
// 4.9e-198, not 0).

/** Φ(z), the standard normal cumulative distribution function. */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) throw new RangeError('normalCdf(NaN)');
  const half = (z * z) / 2;
  return z < 0 ? 0.5 * regularizedGammaQ(0.5, half) : 0.5 + 0.5 * regularizedGammaP(0.5, half);
}

/** 1 - Φ(z), the upper tail, without cancellation for large z. */
export function normalSf(z: number): number {
  return normalCdf(-z);
}

// Acklam's rational approximation (relative error 1.15e-9), then Halley steps on Φ itself,
// which bring it to the precision of normalCdf.
const A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2,
  -3.066479806614716e1, 2.506628277459239,
] as const;
const B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
  -1.328068155288572e1,
] as const;
const C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
] as const;
const D = [
  7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416,
] as const;
const P_LOW = 0.02425;
const SQRT_TWO_PI = Math.sqrt(2 * Math.PI);
const HALLEY_STEPS = 2;

const poly = (coefficients: readonly number[], x: number) =>
  coefficients.reduce((acc, c) => acc * x + c, 0);

function acklam(p: number): number {
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(C, q) / (poly(D, q) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (poly(A, r) * q) / (poly(B, r) * r + 1);
}

/** Φ⁻¹(p): the z with Φ(z) = p; -Infinity at 0 and Infinity at 1. */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile needs p in [0, 1], got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  // The upper half mirrors the lower, where p itself carries the precision.
  if (p > 0.5) return -normalQuantile(1 - p);
  let x = acklam(p);
  for (let i = 0; i < HALLEY_STEPS; i++) {
    const u = (normalCdf(x) - p) * SQRT_TWO_PI * Math.exp((x * x) / 2);
    x -= u / (1 + (x * u) / 2);
  }
  return x;
}
