import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  comparisonInterval,
  comparisonPValue,
  conversionSummary,
  logRatio,
  meanSummary,
  pairTest,
  ratioSummary,
  relativeInterval,
  welchInterval,
  welchTest,
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

  const ratioTotals = fc
    .tuple(
      totals,
      fc.double({ min: 1, max: 4, noNaN: true }),
      fc.double({ min: 0, max: 3, noNaN: true }),
      fc.double({ min: -0.9, max: 0.9, noNaN: true }),
    )
    .map(([x, sessionsMean, sessionsSd, correlation]) => {
      const sdX = Math.sqrt(Math.max(0, (x.sumOfSquares - x.sum ** 2 / x.units) / (x.units - 1)));
      return {
        units: x.units,
        numerator: { sum: x.sum, sumOfSquares: x.sumOfSquares },
        denominator: {
          sum: x.units * sessionsMean,
          sumOfSquares: (x.units - 1) * sessionsSd ** 2 + x.units * sessionsMean ** 2,
        },
        sumOfProducts:
          (x.units - 1) * correlation * sdX * sessionsSd +
          (x.sum * sessionsMean * x.units) / x.units,
      };
    });

  it.each([
    [
      'conversion',
      fc.tuple(counts, counts).map(([a, b]) => [conversionSummary(a), conversionSummary(b)]),
    ],
    ['mean', fc.tuple(totals, totals).map(([a, b]) => [meanSummary(a), meanSummary(b)])],
    [
      'ratio',
      fc.tuple(ratioTotals, ratioTotals).map(([a, b]) => [ratioSummary(a), ratioSummary(b)]),
    ],
  ] as const)('%s: p < α exactly when the interval at α excludes 0', (kind, arms) => {
    fc.assert(
      fc.property(
        arms,
        levels,
        fc.constantFrom(FIXED, SEQUENTIAL),
        ([control, variant], alpha, settings) => {
          const test = pairTest(control!, variant!, settings, kind);
          if (!test) return;
          const [lo, hi] = test.interval(alpha);
          expect(lo).toBeGreaterThanOrEqual(-1);
          // Away from the boundary itself, where rounding decides either way.
          if (Math.abs(test.pValue - alpha) < 1e-9) return;
          expect(test.pValue < alpha).toBe(lo > 0 || hi < 0);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

// R's `sleep` data: extra hours of sleep under two drugs.
const SLEEP = {
  drug1: [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0],
  drug2: [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4],
};
const totalsOf = (values: number[]) => ({
  units: values.length,
  sum: values.reduce((a, b) => a + b, 0),
  sumOfSquares: values.reduce((a, b) => a + b * b, 0),
});

describe('two arms without a conversion', () => {
  it('compare nothing, rather than two made-up rates', () => {
    const none = conversionSummary({ visitors: 400, conversions: 0 });
    const fewer = conversionSummary({ visitors: 272, conversions: 0 });
    expect(pairTest(none, fewer, FIXED, 'conversion')).toBeNull();
    // One conversion on either side is something to compare.
    expect(
      pairTest(none, conversionSummary({ visitors: 272, conversions: 1 }), FIXED, 'conversion'),
    ).not.toBeNull();
  });
});

describe("Welch's t-test of a mean metric", () => {
  it("matches R's t.test(extra ~ group, data = sleep) to 1e-6", () => {
    // R: t = -1.8608, df = 17.776, p-value = 0.07939, 95% CI -3.3654832 0.2054832 (group 1 - 2).
    const test = welchTest(meanSummary(totalsOf(SLEEP.drug2)), meanSummary(totalsOf(SLEEP.drug1)))!;
    expect(test.t).toBeCloseTo(-1.860813, 6);
    expect(test.degreesOfFreedom).toBeCloseTo(17.77647, 5);
    expect(test.pValue).toBeCloseTo(0.07939414, 6);
    const [lo, hi] = welchInterval(test, 0.05);
    expect(lo).toBeCloseTo(-3.3654832, 6);
    expect(hi).toBeCloseTo(0.2054832, 6);
  });

  it('is the fixed-horizon test of a mean metric, read relative to the control', () => {
    const control = meanSummary(totalsOf(SLEEP.drug1.map((x) => x + 2)));
    const variant = meanSummary(totalsOf(SLEEP.drug2.map((x) => x + 2)));
    const test = pairTest(control, variant, FIXED, 'mean')!;
    const welch = welchTest(control, variant)!;
    expect(test.pValue).toBe(welch.pValue);
    expect(test.estimate).toBeCloseTo(1.58 / 2.75, 12);
    const [lo, hi] = welchInterval(welch, 0.05);
    expect(test.interval(0.05)).toEqual([Math.max(-1, lo / 2.75), hi / 2.75]);
  });

  it('is the always-valid log-ratio test when sequential, as for a conversion', () => {
    const control = meanSummary(totalsOf(SLEEP.drug1.map((x) => x + 2)));
    const variant = meanSummary(totalsOf(SLEEP.drug2.map((x) => x + 2)));
    const test = pairTest(control, variant, SEQUENTIAL, 'mean')!;
    const ratio = logRatio(control, variant)!;
    // 1/Λ(0) of the normal mixture, written out: √((V+τ²)/V) · exp(-τ² θ̂² / (2V(V+τ²))).
    const [v, tau2] = [ratio.variance, SEQUENTIAL.mixingVariance];
    const byHand =
      Math.sqrt((v + tau2) / v) * Math.exp((-tau2 * ratio.estimate ** 2) / (2 * v * (v + tau2)));
    expect(test.pValue).toBeCloseTo(Math.min(1, byHand), 12);
  });

  it('is undefined below two visitors per arm or without variance', () => {
    expect(welchTest(meanSummary(totalsOf([5])), meanSummary(totalsOf([1, 2])))).toBeNull();
    expect(welchTest(meanSummary(totalsOf([2, 2])), meanSummary(totalsOf([3, 3])))).toBeNull();
  });
});

describe('a ratio metric', () => {
  it("is the delta method's variance: the variance of the linearised x - R·y over n ȳ²", () => {
    const revenue = [0, 30, 0, 12, 55, 0, 0, 8, 0, 20, 0, 41];
    const sessions = [1, 3, 1, 2, 4, 1, 2, 1, 1, 2, 1, 3];
    const n = revenue.length;
    const summary = ratioSummary({
      units: n,
      numerator: { sum: sum(revenue), sumOfSquares: sum(revenue.map((x) => x * x)) },
      denominator: { sum: sum(sessions), sumOfSquares: sum(sessions.map((y) => y * y)) },
      sumOfProducts: sum(revenue.map((x, i) => x * sessions[i]!)),
    });
    const ratio = sum(revenue) / sum(sessions);
    const residuals = revenue.map((x, i) => x - ratio * sessions[i]!);
    const meanY = sum(sessions) / n;
    const residualVariance = sum(residuals.map((r) => r * r)) / (n - 1); // residuals sum to 0
    expect(summary.mean).toBeCloseTo(ratio, 12);
    expect(summary.varianceOfMean).toBeCloseTo(residualVariance / (n * meanY * meanY), 12);
  });
});

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
