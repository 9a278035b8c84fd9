import { regularizedGammaQ } from './gamma';

/** P(X > x) for X ~ χ²(degreesOfFreedom): Q(k/2, x/2). */
export function chiSquareSf(x: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0))
    throw new RangeError(`chi-square needs k > 0, got ${degreesOfFreedom}`);
  if (Number.isNaN(x)) throw new RangeError('chiSquareSf(NaN)');
  if (x <= 0) return 1;
  return regularizedGammaQ(degreesOfFreedom / 2, x / 2);
}
