import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareSf } from './chi-square';
import { normalSf } from './normal';

describe('chiSquareSf', () => {
  it('gives the tabulated critical values', () => {
    // Upper critical values of χ² tables (NIST/SEMATECH e-Handbook 1.3.6.7.4: 3.841, 10.828,
    // 13.816), to full precision as scipy.stats.chi2.isf gives them.
    expect(chiSquareSf(3.841458820694124, 1)).toBeCloseTo(0.05, 14);
    expect(chiSquareSf(10.827566170662733, 1)).toBeCloseTo(0.001, 15);
    expect(chiSquareSf(13.815510557964274, 2)).toBeCloseTo(0.001, 15);
    // R: pchisq(2, 5, lower.tail = FALSE) and pchisq(100, 20, lower.tail = FALSE).
    expect(chiSquareSf(2, 5)).toBeCloseTo(0.84914503608460967, 14);
    expect(chiSquareSf(100, 20) / 1.259608459166091e-12).toBeCloseTo(1, 10);
  });

  it('agrees with the closed forms for 1 and 2 degrees of freedom', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (x) => {
        // χ²(2) is exponential with mean 2; χ²(1) is a squared standard normal.
        expect(chiSquareSf(x, 2)).toBeCloseTo(Math.exp(-x / 2), 14);
        expect(chiSquareSf(x, 1)).toBeCloseTo(2 * normalSf(Math.sqrt(x)), 14);
      }),
    );
  });

  it('answers 1 at or below 0', () => {
    expect(chiSquareSf(0, 3)).toBe(1);
    expect(chiSquareSf(-1, 3)).toBe(1);
    expect(() => chiSquareSf(Number.NaN, 3)).toThrow(RangeError);
  });
});
