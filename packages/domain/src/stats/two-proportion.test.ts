import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquareSf } from './chi-square';
import { twoProportionZTest } from './two-proportion';

describe('twoProportionZTest', () => {
  it('matches the statsmodels proportions_ztest example', () => {
    // statsmodels docs / test_proportion.py (GH 2969): count [5, 12], nobs [83, 99] gives
    // z = -1.4078304151258787, p = 0.15918129181156992 (first sample minus second).
    const result = twoProportionZTest(
      { visitors: 99, conversions: 12 },
      { visitors: 83, conversions: 5 },
    );
    expect(result.z).toBeCloseTo(-1.4078304151258787, 13);
    expect(result.pValue).toBeCloseTo(0.15918129181156992, 13);
  });

  it('equals Pearson chi-square on the 2x2 table', () => {
    const arm = fc
      .tuple(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([visitors, rate]) => ({ visitors, conversions: Math.round(visitors * rate) }));
    fc.assert(
      fc.property(arm, arm, (a, b) => {
        const { pValue } = twoProportionZTest(a, b);
        expect(pValue).toBeGreaterThanOrEqual(0);
        expect(pValue).toBeLessThanOrEqual(1);
        const total = a.visitors + b.visitors;
        const converted = a.conversions + b.conversions;
        if (converted === 0 || converted === total) {
          expect(pValue).toBe(1);
          return;
        }
        // The independent route: Σ (O - E)² / E over the four cells, χ²(1).
        let statistic = 0;
        for (const { visitors, conversions } of [a, b]) {
          const expected = (visitors * converted) / total;
          const expectedMisses = visitors - expected;
          statistic += (conversions - expected) ** 2 / expected;
          statistic += (visitors - conversions - expectedMisses) ** 2 / expectedMisses;
        }
        expect(pValue).toBeCloseTo(chiSquareSf(statistic, 1), 9);
      }),
    );
  });

  it('answers p = 1 when there is nothing to test', () => {
    expect(
      twoProportionZTest({ visitors: 0, conversions: 0 }, { visitors: 10, conversions: 3 }),
    ).toEqual({ z: 0, pValue: 1 });
    expect(
      twoProportionZTest({ visitors: 50, conversions: 0 }, { visitors: 10, conversions: 0 }),
    ).toEqual({ z: 0, pValue: 1 });
    expect(
      twoProportionZTest({ visitors: 5, conversions: 5 }, { visitors: 10, conversions: 10 }),
    ).toEqual({ z: 0, pValue: 1 });
    expect(() =>
      twoProportionZTest({ visitors: 5, conversions: 6 }, { visitors: 1, conversions: 0 }),
    ).toThrow(RangeError);
  });
});
