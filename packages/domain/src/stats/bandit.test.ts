import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANDIT_FLOOR, capShares, probabilityBest, thompsonWeights } from './bandit';
import { probabilityBetaExceeds } from './beta';
import { mulberry32 } from './prng';

const armArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([visitors, rate]) => ({ visitors, conversions: Math.round(visitors * rate) }));

describe('probabilityBest', () => {
  it('agrees with the exact chance to beat control for two arms', () => {
    // 100,000 seeded draws: the Monte Carlo standard error is at most 0.0016; 4 allowed.
    const control = { visitors: 1000, conversions: 200 };
    const variant = { visitors: 1000, conversions: 230 };
    const [pControl, pVariant] = probabilityBest({
      arms: [control, variant],
      random: mulberry32(5),
      draws: 100_000,
    });
    // Exact value 0.94861828921110111 (mpmath quadrature; see beta.test.ts).
    const exact = probabilityBetaExceeds({ alpha: 201, beta: 801 }, { alpha: 231, beta: 771 });
    expect(Math.abs(pVariant! - exact)).toBeLessThan(
      4 * Math.sqrt((exact * (1 - exact)) / 100_000),
    );
    expect(pControl! + pVariant!).toBe(1);
  });

  it('is the same for the same seed', () => {
    const arms = [
      { visitors: 50, conversions: 5 },
      { visitors: 60, conversions: 9 },
      { visitors: 40, conversions: 2 },
    ];
    expect(probabilityBest({ arms, random: mulberry32(9), draws: 500 })).toEqual(
      probabilityBest({ arms, random: mulberry32(9), draws: 500 }),
    );
  });
});

describe('thompsonWeights', () => {
  it('sum to 1 and never drop below the floor', () => {
    fc.assert(
      fc.property(
        fc.array(armArbitrary, { minLength: 1, maxLength: 6 }),
        fc.integer(),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        (arms, seed, floor) => {
          const weights = thompsonWeights({ arms, random: mulberry32(seed), draws: 200, floor });
          expect(weights).toHaveLength(arms.length);
          expect(weights.reduce((sum, w) => sum + w, 0)).toBeCloseTo(1, 12);
          const effectiveFloor = Math.min(floor, 1 / arms.length);
          for (const w of weights) expect(w).toBeGreaterThanOrEqual(effectiveFloor - 1e-15);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('starves a clear loser only down to the floor', () => {
    const weights = thompsonWeights({
      arms: [
        { visitors: 10_000, conversions: 1000 },
        { visitors: 10_000, conversions: 1300 },
        { visitors: 10_000, conversions: 700 },
      ],
      random: mulberry32(1),
    });
    expect(weights[0]).toBeCloseTo(BANDIT_FLOOR, 12);
    expect(weights[2]).toBeCloseTo(BANDIT_FLOOR, 12);
    expect(weights[1]).toBeCloseTo(1 - 2 * BANDIT_FLOOR, 12);
  });

  it('answers equal weights when the floor cannot hold, and none for no arms', () => {
    const arms = [
      { visitors: 10, conversions: 1 },
      { visitors: 10, conversions: 9 },
    ];
    expect(thompsonWeights({ arms, random: mulberry32(1), floor: 0.5 })).toEqual([0.5, 0.5]);
    expect(thompsonWeights({ arms: [], random: mulberry32(1) })).toEqual([]);
  });

  it('caps one arm at the ceiling and hands the excess to the others by their shares', () => {
    // 0.98 -> 0.9; the 0.08 over it goes to the two 0.01 arms, half each.
    const capped = capShares([0.01, 0.98, 0.01], 0.9);
    expect(capped[1]).toBe(0.9);
    expect(capped[0]).toBeCloseTo(0.05, 12);
    expect(capped[2]).toBeCloseTo(0.05, 12);
    // 0.7 -> 0.4: its 0.3 lifts 0.28 to 0.56 and 0.02 to 0.04; 0.56 -> 0.4: its 0.16 to the last.
    const twice = capShares([0.7, 0.28, 0.02], 0.4);
    expect(twice[0]).toBe(0.4);
    expect(twice[1]).toBe(0.4);
    expect(twice[2]).toBeCloseTo(0.2, 12);
    expect(capShares([0.5, 0.5], 0.9)).toEqual([0.5, 0.5]);
  });

  it('gives equal shares when the arms cannot fit under the ceiling', () => {
    expect(capShares([1], 0.9)).toEqual([1]);
    expect(capShares([0.2, 0.8], 0.4)).toEqual([0.5, 0.5]);
    expect(() => capShares([1], 0)).toThrow(RangeError);
  });

  it('keeps every share under the ceiling and their sum at 1 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (raw, ceiling) => {
          const total = raw.reduce((sum, w) => sum + w, 0);
          const shares = total > 0 ? raw.map((w) => w / total) : raw.map(() => 1 / raw.length);
          const capped = capShares(shares, ceiling);
          expect(capped.reduce((sum, w) => sum + w, 0)).toBeCloseTo(1, 9);
          const limit = Math.max(ceiling, 1 / shares.length);
          for (const share of capped) expect(share).toBeLessThanOrEqual(limit + 1e-12);
        },
      ),
      { numRuns: 200 },
    );
  });
});
