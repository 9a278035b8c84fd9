import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holmAdjust } from './holm';

describe('holmAdjust', () => {
  it('matches the worked example', () => {
    // Wikipedia "Holm–Bonferroni method", example: p = 0.01, 0.04, 0.03, 0.005 at α = 0.05
    // rejects H1 and H4. By hand, sorted 0.005, 0.01, 0.03, 0.04 -> 4·0.005 = 0.02,
    // 3·0.01 = 0.03, 2·0.03 = 0.06, max(0.06, 1·0.04) = 0.06 (R p.adjust gives the same).
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((want, i) => expect(adjusted[i]).toBeCloseTo(want, 15));
    expect(adjusted.map((p) => p < 0.05)).toEqual([true, false, false, true]);
  });

  it('caps at 1, keeps a single p, and handles none', () => {
    expect(holmAdjust([0.6, 0.7])).toEqual([1, 1]);
    expect(holmAdjust([0.2])).toEqual([0.2]);
    expect(holmAdjust([])).toEqual([]);
    expect(() => holmAdjust([1.2])).toThrow(RangeError);
  });

  it('is at least the raw p, at most Bonferroni, and keeps the order of the raw p-values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 }),
        (pValues) => {
          const adjusted = holmAdjust(pValues);
          pValues.forEach((p, i) => {
            const a = adjusted[i]!;
            expect(a).toBeGreaterThanOrEqual(p);
            expect(a).toBeLessThanOrEqual(Math.min(1, p * pValues.length));
            pValues.forEach((q, j) => {
              if (p <= q) expect(a).toBeLessThanOrEqual(adjusted[j]!);
            });
          });
        },
      ),
    );
  });
});
