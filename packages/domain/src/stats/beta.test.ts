import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logBeta, probabilityBetaExceeds } from './beta';
import { logGamma } from './gamma';

/** Beta(1 + conversions, 1 + failures): the posterior of a Beta(1, 1) prior. */
const arm = (conversions: number, visitors: number) => ({
  alpha: 1 + conversions,
  beta: 1 + visitors - conversions,
});

describe('logBeta', () => {
  it('matches exact values', () => {
    expect(logBeta(1, 1)).toBeCloseTo(0, 14);
    // B(2, 3) = 1! 2! / 4! = 1/12.
    expect(logBeta(2, 3)).toBeCloseTo(Math.log(1 / 12), 14);
    // B(1/2, 1/2) = π.
    expect(logBeta(0.5, 0.5)).toBeCloseTo(Math.log(Math.PI), 14);
  });

  it('keeps relative precision with large arguments', () => {
    // mpmath log(beta(a, b)) at 40 digits, rounded to doubles.
    const cases = [
      [20_000, 200_000, -67023.926562781],
      [10, 1e6, -125.35332309941877],
      [3, 1e6, -40.75338749333038],
      [500_001, 500_001, -693153.8625246217],
      [12.5, 30, -25.908683991310074],
    ] as const;
    for (const [a, b, want] of cases) {
      expect(Math.abs(logBeta(a, b) / want - 1)).toBeLessThan(1e-15);
      expect(logBeta(b, a)).toBe(logBeta(a, b));
    }
  });

  it('agrees with log-gammas where those do not cancel', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 200, noNaN: true }),
        fc.double({ min: 0.01, max: 200, noNaN: true }),
        (a, b) => {
          const direct = logGamma(a) + logGamma(b) - logGamma(a + b);
          expect(Math.abs(logBeta(a, b) - direct)).toBeLessThan(
            1e-11 * Math.max(1, Math.abs(direct)),
          );
        },
      ),
    );
  });
});

describe('probabilityBetaExceeds (chance to beat control)', () => {
  it('matches exact rational cases', () => {
    // X ~ U(0, 1), Y ~ Beta(2, 1) (density 2y): P(Y > X) = ∫ 2y · y dy = 2/3.
    expect(probabilityBetaExceeds({ alpha: 1, beta: 1 }, { alpha: 2, beta: 1 })).toBeCloseTo(
      2 / 3,
      14,
    );
    expect(probabilityBetaExceeds({ alpha: 2, beta: 1 }, { alpha: 1, beta: 1 })).toBeCloseTo(
      1 / 3,
      14,
    );
    // 0/10 against 1/10: 16/21 (the closed-form sum by hand; mpmath quadrature agrees).
    expect(probabilityBetaExceeds(arm(0, 10), arm(1, 10))).toBeCloseTo(16 / 21, 14);
    // Equal counts: 1/2 by symmetry.
    expect(probabilityBetaExceeds(arm(37, 400), arm(37, 400))).toBeCloseTo(0.5, 14);
  });

  it('agrees with numerical integration', () => {
    // References: mpmath (40 digits) quadrature of ∫ f_Y(y) I_y(αx, βx) dy, an independent
    // method (incomplete beta and adaptive quadrature, no closed-form sum).
    const cases = [
      [20, 100, 25, 100, 0.7991451224393503],
      [200, 1000, 230, 1000, 0.9486182892111011],
      [3, 50, 0, 40, 0.08943669910939085],
      [500, 10_000, 560, 10_000, 0.9708376637062499],
    ] as const;
    for (const [cx, nx, cy, ny, want] of cases) {
      expect(probabilityBetaExceeds(arm(cx, nx), arm(cy, ny))).toBeCloseTo(want, 14);
    }
  });

  it('stays accurate at a million visitors', () => {
    // The same closed-form sum in mpmath at 30 digits (500k and 50k terms): the double-precision
    // recurrence drifts by at most about 1e-10 relative over half a million terms.
    const cases = [
      [50_000, 1_000_000, 50_200, 1_000_000, 0.741594356938977],
      [500_000, 1_000_000, 501_000, 1_000_000, 0.9213504051228242],
    ] as const;
    for (const [cx, nx, cy, ny, want] of cases) {
      expect(Math.abs(probabilityBetaExceeds(arm(cx, nx), arm(cy, ny)) / want - 1)).toBeLessThan(
        1e-9,
      );
    }
  });

  it('P(Y > X) + P(X > Y) = 1', () => {
    const counts = fc
      .tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 }))
      .map(([a, b]) => arm(Math.min(a, b), Math.max(a, b)));
    fc.assert(
      fc.property(counts, counts, (x, y) => {
        const forward = probabilityBetaExceeds(x, y);
        const backward = probabilityBetaExceeds(y, x);
        expect(forward).toBeGreaterThanOrEqual(0);
        expect(forward).toBeLessThanOrEqual(1);
        expect(forward + backward).toBeCloseTo(1, 12);
      }),
    );
  });

  it('rejects parameters the sum cannot take', () => {
    expect(() => probabilityBetaExceeds({ alpha: 1.5, beta: 1 }, { alpha: 1, beta: 1 })).toThrow(
      RangeError,
    );
    expect(() => probabilityBetaExceeds({ alpha: 1, beta: 0 }, { alpha: 1, beta: 1 })).toThrow(
      RangeError,
    );
  });
});
