import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VitalsMetric } from '../web-vitals';
import { conversionSummary } from './comparison';
import { DEFAULT_COMPARISON_SETTINGS } from './significance';
import { elementVerdict, type ElementVerdictInput } from './verdict';
import {
  armVitals,
  histogramQuantile,
  VITALS_MIN_SAMPLES,
  vitalsBucketOf,
  vitalsBucketValue,
  vitalsHarms,
  type VitalsHistogram,
} from './vitals';

const histogramOf = (metric: VitalsMetric, values: readonly number[]): VitalsHistogram => {
  const histogram = new Map<number, number>();
  for (const value of values) {
    const bucket = vitalsBucketOf(metric, value);
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
  }
  return histogram;
};

/** Nearest rank on the sorted values themselves: the independent implementation. */
const exactQuantile = (values: readonly number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.max(1, Math.ceil(q * values.length)) - 1]!;

/** Within half a bucket (0.5%) of (1 + value), in the metric's scaled unit. */
const close = (metric: VitalsMetric, read: number, exact: number) => {
  const scale = metric === 'cls' ? 1000 : 1;
  return Math.abs(1 + read * scale - (1 + exact * scale)) <= 0.0051 * (1 + exact * scale);
};

describe('vitals buckets', () => {
  it('a bucket stands for its values within 0.5%', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<VitalsMetric>('lcp', 'cls', 'inp'),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (metric, share) => {
          const value = share * (metric === 'cls' ? 100 : 60_000);
          return close(metric, vitalsBucketValue(metric, vitalsBucketOf(metric, value)), value);
        },
      ),
    );
  });
});

describe('median and p75 from the buckets', () => {
  it('match the nearest-rank percentiles of the raw values within 0.5%', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<VitalsMetric>('lcp', 'cls', 'inp'),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 300 }),
        fc.constantFrom(0.5, 0.75),
        (metric, shares, q) => {
          const values = shares.map((share) => share * (metric === 'cls' ? 2 : 8_000));
          const read = histogramQuantile(metric, histogramOf(metric, values), q)!;
          return close(metric, read, exactQuantile(values, q));
        },
      ),
    );
  });

  it('a worked example: LCP 1..9 s has median 5 s and p75 7 s; nothing reported, no figure', () => {
    const values = [9000, 1000, 8000, 2000, 7000, 3000, 6000, 4000, 5000];
    const arm = armVitals(9, { lcp: histogramOf('lcp', values) });
    expect(arm.lcp!.samples).toBe(9);
    expect(Math.abs(arm.lcp!.median - 5000)).toBeLessThanOrEqual(25);
    expect(Math.abs(arm.lcp!.p75 - 7000)).toBeLessThanOrEqual(35);
    expect(arm.cls).toBeNull();
    expect(arm.inp).toBeNull();
    expect(histogramQuantile('lcp', new Map(), 0.5)).toBeNull();
  });
});

describe('vitals harms and the verdict', () => {
  const spread = (n: number, from: number, step: number) =>
    Array.from({ length: n }, (_, i) => from + (i % 40) * step);
  const arms = (variantLcp: readonly number[]) => [
    {
      variantId: null,
      label: 'The original',
      histograms: { lcp: histogramOf('lcp', spread(200, 800, 5)) },
    },
    {
      variantId: 11,
      label: 'Variant 1',
      histograms: { lcp: histogramOf('lcp', spread(200, 805, 5)) },
    },
    { variantId: 12, label: 'Variant 2', histograms: { lcp: histogramOf('lcp', variantLcp) } },
  ];

  it('names a variant clearly slower to paint, in words, and only that one', () => {
    const harms = vitalsHarms(arms(spread(200, 1100, 5)), ['lcp']);
    expect(harms).toEqual([
      {
        variantId: 12,
        metric: 'lcp',
        difference: expect.any(Number) as number,
        summary: expect.stringMatching(
          /^Variant 2 makes the page \d+ ms slower to paint \(LCP p75\)$/,
        ) as string,
        guardrail: true,
      },
    ]);
    expect(Math.abs(harms[0]!.difference - 300)).toBeLessThanOrEqual(10);
  });

  it('claims nothing below the minimum sample or the minimum difference', () => {
    expect(vitalsHarms(arms(spread(VITALS_MIN_SAMPLES - 1, 3000, 5)), ['lcp'])).toEqual([]);
    expect(vitalsHarms(arms(spread(200, 850, 5)), ['lcp'])).toEqual([]);
    // Not a guardrail: still reported, marked so.
    expect(vitalsHarms(arms(spread(200, 1100, 5)), [])[0]!.guardrail).toBe(false);
  });

  const input = (vetoes: ElementVerdictInput['vetoes']): ElementVerdictInput => ({
    arms: [
      { variantId: null, label: 'The original', visitors: 5000, paused: false },
      { variantId: 12, label: 'Variant 1', visitors: 5000, paused: false },
    ],
    metrics: [
      {
        definition: {
          id: '1',
          name: 'Sign-up',
          role: 'primary',
          lowerIsBetter: false,
          kind: 'conversion',
        },
        arms: [
          conversionSummary({ visitors: 5000, conversions: 500 }),
          conversionSummary({ visitors: 5000, conversions: 700 }),
        ],
      },
    ],
    srmFlagged: false,
    plan: { ...DEFAULT_COMPARISON_SETTINGS, minimumDetectableEffect: 0.1, plannedPerArm: 1000 },
    vetoes,
  });

  it('a winner harming a vitals guardrail is not shipped, and the sentence says why', () => {
    const winner = elementVerdict(input([])).verdict;
    expect(winner.state).toBe('winner');
    const vetoed = elementVerdict(
      input([
        {
          variantId: 12,
          metricId: 'vitals:lcp',
          name: 'LCP',
          sentence: 'Variant 1 makes the page 300 ms slower to paint (LCP p75)',
        },
      ]),
    ).verdict;
    expect(vetoed.state).toBe('guardrail_harm');
    expect(vetoed.metricId).toBe('vitals:lcp');
    expect(vetoed.summary).toMatch(
      /, but it harms the guardrail LCP: Variant 1 makes the page 300 ms slower to paint \(LCP p75\)\. Do not ship it as it is\.$/,
    );
  });
});
