import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holmAdjust } from './holm';
import { campaignSignificance, compareToControl, ENOUGH_DATA_EXPOSURES } from './significance';

const armArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 200_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([visitors, rate]) => ({ visitors, conversions: Math.round(visitors * rate) }));

/** Every number in a result is finite (no NaN, no Infinity); nulls are allowed. */
const allFinite = (value: unknown): boolean =>
  value === null ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'object' && Object.values(value).every(allFinite));

describe('compareToControl', () => {
  it('composes the worked examples', () => {
    // statsmodels' two-proportion example and the mpmath chance to beat control (see the
    // two-proportion and beta tests).
    const result = compareToControl(
      { visitors: 99, conversions: 12 },
      { visitors: 83, conversions: 5 },
    );
    expect(result.pValue).toBeCloseTo(0.15918129181156992, 13);
    const beat = compareToControl(
      { visitors: 1000, conversions: 200 },
      { visitors: 1000, conversions: 230 },
    );
    expect(beat.chanceToBeatControl).toBeCloseTo(0.9486182892111011, 14);
    expect(beat.uplift!.estimate).toBeCloseTo(0.15, 14);
    expect(beat.enoughData).toBe(true);
  });

  it('needs ENOUGH_DATA_EXPOSURES in both arms', () => {
    const enough = { visitors: ENOUGH_DATA_EXPOSURES, conversions: 10 };
    const short = { visitors: ENOUGH_DATA_EXPOSURES - 1, conversions: 10 };
    expect(compareToControl(enough, enough).enoughData).toBe(true);
    expect(compareToControl(enough, short).enoughData).toBe(false);
    expect(compareToControl(short, enough).enoughData).toBe(false);
  });

  it('answers defined values without data', () => {
    const empty = { visitors: 0, conversions: 0 };
    const result = compareToControl(empty, empty);
    expect(result.chanceToBeatControl).toBeCloseTo(0.5, 15);
    expect({ ...result, chanceToBeatControl: 0.5 }).toEqual({
      chanceToBeatControl: 0.5,
      uplift: null,
      pValue: 1,
      sequentialCi95: null,
      enoughData: false,
    });
  });

  it('holds its invariants for any counts', () => {
    fc.assert(
      fc.property(armArbitrary, armArbitrary, (a, b) => {
        const ab = compareToControl(a, b);
        const ba = compareToControl(b, a);
        expect(allFinite(ab)).toBe(true);
        expect(ab.pValue).toBeGreaterThanOrEqual(0);
        expect(ab.pValue).toBeLessThanOrEqual(1);
        expect(ab.pValue).toBe(ba.pValue);
        expect(ab.chanceToBeatControl + ba.chanceToBeatControl).toBeCloseTo(1, 10);
        if (ab.uplift?.ci95) {
          expect(ab.sequentialCi95![0]).toBeLessThanOrEqual(ab.uplift.ci95[0]);
          expect(ab.sequentialCi95![1]).toBeGreaterThanOrEqual(ab.uplift.ci95[1]);
        } else {
          expect(ab.sequentialCi95).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('campaignSignificance', () => {
  it('adjusts by Holm over every variant of every element, and checks SRM per element', () => {
    const elements = [
      {
        control: { visitors: 5000, conversions: 500 },
        variants: [
          { visitors: 5000, conversions: 560 },
          { visitors: 5000, conversions: 505 },
        ],
      },
      {
        control: { visitors: 4000, conversions: 200 },
        variants: [{ visitors: 6000, conversions: 330 }],
        expectedWeights: [40, 60],
      },
      {
        control: { visitors: 10_000, conversions: 100 },
        variants: [{ visitors: 10_600, conversions: 100 }],
      },
    ];
    const result = campaignSignificance({ elements });
    const raw = elements.flatMap(({ control, variants }) =>
      variants.map((v) => compareToControl(control, v).pValue),
    );
    const adjusted = result.elements.flatMap((e) => e.variants.map((v) => v.adjustedPValue));
    expect(adjusted).toEqual(holmAdjust(raw));
    expect(result.elements.map((e) => e.variants.length)).toEqual([2, 1, 1]);
    expect(result.elements[0]!.variants[0]).toEqual({
      ...compareToControl(elements[0]!.control, elements[0]!.variants[0]!),
      adjustedPValue: adjusted[0],
    });
    // 4,000 / 6,000 is exactly the 40/60 split; 10,000 / 10,600 against 50/50 is not.
    expect(result.elements[1]!.srm).toEqual({ statistic: 0, pValue: 1, flagged: false });
    expect(result.elements[2]!.srm.flagged).toBe(true);
    expect(result.elements[0]!.srm.flagged).toBe(false);
  });

  it('answers for a campaign without elements or variants', () => {
    expect(campaignSignificance({ elements: [] })).toEqual({ elements: [] });
    const lone = campaignSignificance({
      elements: [{ control: { visitors: 3, conversions: 1 }, variants: [] }],
    });
    expect(lone.elements[0]).toEqual({
      variants: [],
      srm: { statistic: 0, pValue: 1, flagged: false },
    });
  });

  it('never answers NaN, and adjusted p-values are at least the raw ones', () => {
    const element = fc.record({
      control: armArbitrary,
      variants: fc.array(armArbitrary, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(element, { maxLength: 4 }), (elements) => {
        const result = campaignSignificance({ elements });
        for (const e of result.elements) {
          expect(allFinite(e.variants)).toBe(true);
          expect(allFinite(e.srm)).toBe(true);
          for (const v of e.variants) expect(v.adjustedPValue).toBeGreaterThanOrEqual(v.pValue);
        }
      }),
      { numRuns: 50 },
    );
  });
});
