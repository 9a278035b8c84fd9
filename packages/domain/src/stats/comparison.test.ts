import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  comparisonInterval,
  comparisonPValue,
  conversionSummary,
  logRatio,
  meanSummary,
  relativeInterval,
  type MethodSettings,
} from './comparison';
import { mixtureLikelihoodRatio } from './sequential';

const FIXED: MethodSettings = { method: 'fixed', mixingVariance: 0.01 };
const SEQUENTIAL: MethodSettings = { method: 'sequential', mixingVariance: 0.0095 };

describe('logRatio', () => {
  it('is the delta-method variance of ln(p̂v/p̂c), computed by hand', () => {
    // 100/1000 vs 130/1000: θ̂ = ln 1.3 = 0.262364; V = 0.9/100 + 0.87/130 = 0.0156923.
    const ratio = logRatio(
      conversionSummary({ visitors: 1000, conversions: 100 }),
      conversionSummary({ visitors: 1000, conversions: 130 }),
    )!;
    expect(ratio.estimate).toBeCloseTo(Math.log(1.3), 12);
    expect(ratio.variance).toBeCloseTo(0.9 / 100 + 0.87 / 130, 12);
  });

  it('is null when a ratio or a variance is missing', () => {
    const some = conversionSummary({ visitors: 100, conversions: 10 });
    expect(logRatio({ units: 0, mean: 0, varianceOfMean: 0 }, some)).toBeNull();
    expect(logRatio(some, { units: 10, mean: 0, varianceOfMean: 0 })).toBeNull();
    expect(
      logRatio({ units: 5, mean: 2, varianceOfMean: 0 }, { ...some, varianceOfMean: 0 }),
    ).toBeNull();
  });

  it("gives an arm at 0% Haldane's half conversion, so it reads as worse", () => {
    expect(conversionSummary({ visitors: 999, conversions: 0 }).mean).toBe(0.5 / 1000);
    const ratio = logRatio(
      conversionSummary({ visitors: 2000, conversions: 100 }),
      conversionSummary({ visitors: 2000, conversions: 0 }),
    )!;
    expect(comparisonPValue(ratio, FIXED)).toBeLessThan(0.001);
    expect(ratio.estimate).toBeLessThan(-3);
  });
});

describe('the fixed-horizon comparison', () => {
  it('is the z-test of the log ratio and its Wald interval', () => {
    // 100/1000 vs 130/1000: z = 0.262364 / √0.0156923 = 2.09441, p = 0.036224 (R:
    // 2 * pnorm(-2.09441)); 95% interval exp(0.262364 ± 1.959964 · 0.125269) - 1.
    const ratio = { estimate: Math.log(1.3), variance: 0.9 / 100 + 0.87 / 130 };
    expect(comparisonPValue(ratio, FIXED)).toBeCloseTo(0.036224, 5);
    const [lo, hi] = relativeInterval(comparisonInterval(ratio, FIXED, 0.05));
    expect(lo).toBeCloseTo(Math.exp(0.262364 - 1.959964 * 0.125269) - 1, 5);
    expect(hi).toBeCloseTo(Math.exp(0.262364 + 1.959964 * 0.125269) - 1, 5);
    // The case the issue found contradictory: now both say "different", the interval is
    // +1.7% to +66.2%, never below -100%.
    expect(lo).toBeGreaterThan(0);
  });
});

describe('the sequential comparison', () => {
  it('has the always-valid p-value 1/Λ(0) of the mixture ratio', () => {
    const ratio = { estimate: 0.2, variance: 0.004 };
    const lambda = mixtureLikelihoodRatio({ ...ratio, mixingVariance: 0.0095, theta0: 0 });
    expect(comparisonPValue(ratio, SEQUENTIAL)).toBeCloseTo(Math.min(1, 1 / lambda), 12);
    expect(comparisonPValue({ estimate: 0, variance: 0.004 }, SEQUENTIAL)).toBe(1);
  });

  it('is never more confident than the fixed test at the same look', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: 1e-6, max: 1, noNaN: true }),
        (estimate, variance) => {
          const ratio = { estimate, variance };
          expect(comparisonPValue(ratio, SEQUENTIAL)).toBeGreaterThanOrEqual(
            comparisonPValue(ratio, FIXED) - 1e-12,
          );
        },
      ),
    );
  });
});

describe('one statistic per answer', () => {
  const counts = fc
    .tuple(fc.integer({ min: 1, max: 50_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([visitors, share]) => ({ visitors, conversions: Math.floor(visitors * share) }));
  const totals = fc
    .tuple(
      fc.integer({ min: 2, max: 20_000 }),
      fc.double({ min: 0.01, max: 500, noNaN: true }),
      fc.double({ min: 0, max: 50, noNaN: true }),
    )
    .map(([units, mean, sd]) => ({
      units,
      sum: units * mean,
      sumOfSquares: (units - 1) * sd * sd + units * mean * mean,
    }));
  const levels = fc.constantFrom(0.05, 0.025, 0.0125, 0.01, 0.001);

  it.each([
    [
      'conversion',
      fc.tuple(counts, counts).map(([a, b]) => [conversionSummary(a), conversionSummary(b)]),
    ],
    ['mean', fc.tuple(totals, totals).map(([a, b]) => [meanSummary(a), meanSummary(b)])],
  ] as const)('%s: p < α exactly when the interval at α excludes 0', (_kind, arms) => {
    fc.assert(
      fc.property(
        arms,
        levels,
        fc.constantFrom(FIXED, SEQUENTIAL),
        ([control, variant], alpha, settings) => {
          const ratio = logRatio(control!, variant!);
          if (!ratio) return;
          const significant = comparisonPValue(ratio, settings) < alpha;
          const [lo, hi] = relativeInterval(comparisonInterval(ratio, settings, alpha));
          expect(lo).toBeGreaterThanOrEqual(-1);
          // Away from the boundary itself, where rounding decides either way.
          if (Math.abs(comparisonPValue(ratio, settings) - alpha) < 1e-9) return;
          expect(significant).toBe(lo > 0 || hi < 0);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
