import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustFamily, benjaminiHochbergAdjust } from './family';
import { holmAdjust } from './holm';

const ALPHA = 0.05;
const pValues = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
  minLength: 1,
  maxLength: 12,
});

describe('benjaminiHochbergAdjust', () => {
  it('matches R p.adjust(p, "BH") on a worked example', () => {
    // p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH") = 0.02 0.04 0.04 0.02
    const adjusted = benjaminiHochbergAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.02, 0.04, 0.04, 0.02].forEach((want, i) => expect(adjusted[i]).toBeCloseTo(want, 15));
    expect(benjaminiHochbergAdjust([])).toEqual([]);
    expect(() => benjaminiHochbergAdjust([-0.1])).toThrow(RangeError);
  });

  it('is never below the raw p nor above Holm', () => {
    fc.assert(
      fc.property(pValues, (ps) => {
        const bh = benjaminiHochbergAdjust(ps);
        const holm = holmAdjust(ps);
        ps.forEach((p, i) => {
          expect(bh[i]).toBeGreaterThanOrEqual(p * (1 - 1e-12));
          expect(bh[i]).toBeLessThanOrEqual(holm[i]! + 1e-15);
        });
      }),
    );
  });
});

describe('adjustFamily', () => {
  it('rejects what Holm rejects and draws intervals at the step-down levels', () => {
    const tests = adjustFamily([0.01, 0.04, 0.03, 0.005], { correction: 'holm', alpha: ALPHA });
    expect(tests.map((t) => t.significant)).toEqual([true, false, false, true]);
    // Ranked 0.005 (α/4), 0.01 (α/3) rejected; the rest at α/2, the level 0.03 missed.
    expect(tests.map((t) => t.intervalAlpha)).toEqual([ALPHA / 3, ALPHA / 2, ALPHA / 2, ALPHA / 4]);
    expect(tests.map((t) => t.adjustedPValue)).toEqual(holmAdjust([0.01, 0.04, 0.03, 0.005]));
  });

  it('leaves a single comparison at its own p and at 95%', () => {
    for (const correction of ['holm', 'benjamini-hochberg'] as const) {
      expect(adjustFamily([0.0283], { correction, alpha: ALPHA })).toEqual([
        { adjustedPValue: 0.0283, significant: true, intervalAlpha: ALPHA },
      ]);
    }
  });

  it.each(['holm', 'benjamini-hochberg'] as const)(
    '%s: significant iff adjusted p < α iff the raw p is below the interval level',
    (correction) => {
      fc.assert(
        fc.property(pValues, (ps) => {
          adjustFamily(ps, { correction, alpha: ALPHA }).forEach((test, i) => {
            // At the boundary itself the last bit of rounding decides either way.
            if (Math.abs(test.adjustedPValue - ALPHA) > 1e-12) {
              expect(test.significant).toBe(test.adjustedPValue < ALPHA);
            }
            expect(test.significant).toBe(ps[i]! < test.intervalAlpha);
            expect(test.intervalAlpha).toBeGreaterThan(0);
            expect(test.intervalAlpha).toBeLessThanOrEqual(ALPHA);
          });
        }),
        { numRuns: 2000 },
      );
    },
  );
});
