import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalSf } from './normal';
import { sampleRatioMismatch, SRM_ALPHA } from './srm';

describe('sampleRatioMismatch', () => {
  it('matches the scipy.stats.chisquare documentation examples', () => {
    // chisquare([16, 18, 16, 14, 12, 12]) -> (2.0, 0.84914503608460956)
    const uniform = sampleRatioMismatch({
      exposures: [16, 18, 16, 14, 12, 12],
      expectedWeights: [1, 1, 1, 1, 1, 1],
    });
    expect(uniform.statistic).toBeCloseTo(2, 14);
    expect(uniform.pValue).toBeCloseTo(0.8491450360846096, 14);
    // chisquare(..., f_exp=[16, 16, 16, 16, 16, 8]) -> (3.5, 0.62338762774958223)
    const weighted = sampleRatioMismatch({
      exposures: [16, 18, 16, 14, 12, 12],
      expectedWeights: [16, 16, 16, 16, 16, 8],
    });
    expect(weighted.statistic).toBeCloseTo(3.5, 14);
    expect(weighted.pValue).toBeCloseTo(0.6233876277495822, 14);
    expect(weighted.flagged).toBe(false);
  });

  it('flags a 50/50 test that split 10,000 / 10,500', () => {
    // χ² = 2 · 250² / 10,250 = 12.195; with 1 degree of freedom p = 2 (1 - Φ(√χ²)) = 0.00048.
    const result = sampleRatioMismatch({ exposures: [10_000, 10_500], expectedWeights: [50, 50] });
    expect(result.statistic).toBeCloseTo((2 * 250 ** 2) / 10_250, 12);
    expect(result.pValue).toBeCloseTo(2 * normalSf(Math.sqrt(result.statistic!)), 14);
    expect(result.pValue).toBeLessThan(SRM_ALPHA);
    expect(result.flagged).toBe(true);
    expect(
      sampleRatioMismatch({ exposures: [10_000, 10_100], expectedWeights: [1, 1] }).flagged,
    ).toBe(false);
  });

  it('answers defined values at the edges', () => {
    expect(sampleRatioMismatch({ exposures: [0, 0], expectedWeights: [1, 1] })).toEqual({
      statistic: 0,
      pValue: 1,
      flagged: false,
    });
    expect(sampleRatioMismatch({ exposures: [5], expectedWeights: [1] }).pValue).toBe(1);
    // An arm that should get no traffic but did.
    expect(sampleRatioMismatch({ exposures: [5, 1], expectedWeights: [1, 0] })).toEqual({
      statistic: null,
      pValue: 0,
      flagged: true,
    });
    // An arm of weight 0 without traffic is left out: 2 arms remain.
    expect(
      sampleRatioMismatch({ exposures: [16, 18, 0], expectedWeights: [1, 1, 0] }).pValue,
    ).toBeCloseTo(2 * normalSf(Math.sqrt(4 / 34)), 14);
    expect(() => sampleRatioMismatch({ exposures: [1, 2], expectedWeights: [1] })).toThrow(
      RangeError,
    );
  });

  it('answers a p-value in [0, 1] for any split', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(1_000_000), fc.double({ min: 0.01, max: 100, noNaN: true })), {
          minLength: 1,
          maxLength: 8,
        }),
        (arms) => {
          const { pValue, flagged } = sampleRatioMismatch({
            exposures: arms.map(([n]) => n),
            expectedWeights: arms.map(([, w]) => w),
          });
          expect(pValue).toBeGreaterThanOrEqual(0);
          expect(pValue).toBeLessThanOrEqual(1);
          expect(flagged).toBe(pValue < SRM_ALPHA);
        },
      ),
    );
  });
});
