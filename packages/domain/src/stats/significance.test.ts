import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparisonPValue, conversionSummary, logRatio } from './comparison';
import { holmAdjust } from './holm';
import {
  conversionFamily,
  DEFAULT_COMPARISON_SETTINGS,
  elementSignificance,
  MINIMUM_VISITORS_PER_ARM,
} from './significance';

const FIXED = { ...DEFAULT_COMPARISON_SETTINGS, method: 'fixed' as const };

const armArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 200_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([visitors, rate]) => ({ visitors, conversions: Math.round(visitors * rate) }));

/** Every number in a result is finite (no NaN, no Infinity); nulls are allowed. */
const allFinite = (value: unknown): boolean =>
  value === null ||
  typeof value === 'boolean' ||
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'object' && Object.values(value).every(allFinite));

describe('conversionFamily', () => {
  it('composes the worked examples', () => {
    // The mpmath chance to beat control (see the beta tests); the log-ratio z-test by hand:
    // θ̂ = ln 1.15, V = 0.8/200 + 0.77/230, z = 1.630458, p = 0.1030048 (Python's NormalDist).
    const [beat] = conversionFamily(
      [
        {
          control: { visitors: 1000, conversions: 200 },
          variant: { visitors: 1000, conversions: 230 },
        },
      ],
      FIXED,
    );
    expect(beat!.chanceToBeatControl).toBeCloseTo(0.9486182892111011, 14);
    expect(beat!.uplift!.estimate).toBeCloseTo(0.15, 14);
    expect(beat!.pValue).toBeCloseTo(0.1030048, 6);
    expect(beat!).toMatchObject({ enoughData: true, significant: false, method: 'fixed' });
    expect(beat!.uplift!.level).toBe(0.95);
  });

  it('claims nothing below MINIMUM_VISITORS_PER_ARM in either arm', () => {
    const enough = { visitors: MINIMUM_VISITORS_PER_ARM, conversions: 10 };
    const short = { visitors: MINIMUM_VISITORS_PER_ARM - 1, conversions: 90 };
    const [ok, few, fewer] = conversionFamily([
      { control: enough, variant: enough },
      { control: enough, variant: short },
      { control: short, variant: enough },
    ]);
    expect(ok!.enoughData).toBe(true);
    for (const answer of [few!, fewer!]) {
      expect(answer).toMatchObject({
        enoughData: false,
        chanceToBeatControl: null,
        uplift: null,
        significant: false,
      });
    }
  });

  it('answers defined values without data', () => {
    const empty = { visitors: 0, conversions: 0 };
    expect(conversionFamily([{ control: empty, variant: empty }])).toEqual([
      {
        chanceToBeatControl: null,
        uplift: null,
        method: 'sequential',
        pValue: 1,
        adjustedPValue: 1,
        significant: false,
        enoughData: false,
      },
    ]);
  });

  it('holds its invariants for any counts: finite, symmetric p, significant iff the interval excludes 0', () => {
    fc.assert(
      fc.property(armArbitrary, armArbitrary, fc.boolean(), (a, b, fixed) => {
        const settings = fixed ? FIXED : DEFAULT_COMPARISON_SETTINGS;
        const [ab] = conversionFamily([{ control: a, variant: b }], settings);
        const [ba] = conversionFamily([{ control: b, variant: a }], settings);
        expect(allFinite(ab)).toBe(true);
        expect(Math.abs(ab!.pValue - ba!.pValue)).toBeLessThan(1e-9);
        if (ab!.chanceToBeatControl !== null) {
          expect(ab!.chanceToBeatControl + ba!.chanceToBeatControl!).toBeCloseTo(1, 10);
        }
        if (ab!.uplift?.interval) {
          const [lo, hi] = ab!.uplift.interval;
          expect(lo).toBeGreaterThanOrEqual(-1);
          expect(ab!.significant).toBe(lo > 0 || hi < 0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('elementSignificance', () => {
  it('corrects over the element’s running variants and checks SRM against the served split', () => {
    const control = { visitors: 5000, conversions: 500 };
    const variants = [
      { visitors: 5000, conversions: 560 },
      { visitors: 5000, conversions: 505 },
    ];
    const result = elementSignificance({ control, variants });
    const raw = variants.map((variant) =>
      comparisonPValue(
        logRatio(conversionSummary(control), conversionSummary(variant))!,
        DEFAULT_COMPARISON_SETTINGS,
      ),
    );
    expect(result.variants.map((v) => v!.adjustedPValue)).toEqual(holmAdjust(raw));
    expect(result.srm.flagged).toBe(false);
    // 4,000 / 6,000 is exactly a 40/60 split; 10,000 / 10,600 against 50/50 is not.
    const weighted = elementSignificance({
      control: { visitors: 4000, conversions: 200 },
      variants: [{ visitors: 6000, conversions: 330 }],
      expectedWeights: [40, 60],
    });
    expect(weighted.srm).toEqual({ statistic: 0, pValue: 1, flagged: false });
    expect(
      elementSignificance({
        control: { visitors: 10_000, conversions: 100 },
        variants: [{ visitors: 10_600, conversions: 100 }],
      }).srm.flagged,
    ).toBe(true);
  });

  it('answers for an element without variants', () => {
    expect(elementSignificance({ control: { visitors: 3, conversions: 1 }, variants: [] })).toEqual(
      {
        variants: [],
        srm: { statistic: 0, pValue: 1, flagged: false },
      },
    );
  });

  it('never answers NaN, and adjusted p-values are at least the raw ones', () => {
    fc.assert(
      fc.property(armArbitrary, fc.array(armArbitrary, { maxLength: 4 }), (control, variants) => {
        const result = elementSignificance({ control, variants });
        expect(allFinite(result)).toBe(true);
        for (const v of result.variants)
          expect(v!.adjustedPValue).toBeGreaterThanOrEqual(v!.pValue);
      }),
      { numRuns: 100 },
    );
  });
});
