import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng';
import {
  mixtureLikelihoodRatio,
  SEQUENTIAL_MIXING_SD,
  sequentialHalfWidth,
  sequentialInterval,
} from './sequential';
import { relativeUplift, Z_95 } from './uplift';

/**
 * The mixture likelihood ratio by quadrature, from its definition (Johari et al. 2017, eq. 3):
 * ∫ [N(θ̂; θ, V) / N(θ̂; θ0, V)] N(θ; θ0, τ²) dθ, composite Simpson over θ0 ± 20 (τ + √V + |θ̂-θ0|).
 */
function mixtureByQuadrature(estimate: number, variance: number, tau2: number, theta0: number) {
  const span = 20 * (Math.sqrt(tau2) + Math.sqrt(variance) + Math.abs(estimate - theta0));
  const steps = 20_000;
  const h = (2 * span) / steps;
  const f = (theta: number) =>
    (Math.exp(((estimate - theta0) ** 2 - (estimate - theta) ** 2) / (2 * variance)) *
      Math.exp(-((theta - theta0) ** 2) / (2 * tau2))) /
    Math.sqrt(2 * Math.PI * tau2);
  let sum = f(theta0 - span) + f(theta0 + span);
  for (let i = 1; i < steps; i++) sum += (i % 2 === 1 ? 4 : 2) * f(theta0 - span + i * h);
  return (sum * h) / 3;
}

describe('sequentialInterval (mSPRT)', () => {
  it('ends where the mixture likelihood ratio reaches 1/α', () => {
    for (const [estimate, variance, tau2] of [
      [0.3, 0.02652, 0.01],
      [-0.05, 0.0004, 0.01],
      [0.01, 1e-6, 0.0025],
    ] as const) {
      const [lo, hi] = sequentialInterval({ estimate, variance, mixingVariance: tau2 });
      for (const end of [lo, hi]) {
        expect(
          mixtureLikelihoodRatio({ estimate, variance, mixingVariance: tau2, theta0: end }),
        ).toBeCloseTo(20, 9);
        expect(mixtureByQuadrature(estimate, variance, tau2, end)).toBeCloseTo(20, 5);
      }
      // Inside, Λ < 1/α: the null value is not rejected.
      expect(mixtureByQuadrature(estimate, variance, tau2, (lo + estimate) / 2)).toBeLessThan(20);
    }
  });

  it('contains the fixed 95% interval of the same quantity', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: 1e-12, max: 100, noNaN: true }),
        fc.double({ min: 1e-6, max: 10, noNaN: true }),
        (estimate, variance, tau2) => {
          const half = sequentialHalfWidth(variance, tau2);
          expect(half).toBeGreaterThan(Z_95 * Math.sqrt(variance));
        },
      ),
    );
    const arm = fc
      .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
      .map(([visitors, rate]) => ({ visitors, conversions: Math.round(visitors * rate) }));
    fc.assert(
      fc.property(arm, arm, (control, variant) => {
        const uplift = relativeUplift(control, variant);
        if (!uplift?.ci95) return;
        const [lo, hi] = sequentialInterval({
          ...uplift,
          mixingVariance: SEQUENTIAL_MIXING_SD ** 2,
        });
        expect(lo).toBeLessThanOrEqual(uplift.ci95[0]);
        expect(hi).toBeGreaterThanOrEqual(uplift.ci95[1]);
      }),
    );
  });

  it('keeps the false-positive rate under 5% with daily looks, where the fixed interval does not', () => {
    // Seeded A/A simulations: the same rate in both arms, 30 daily looks, 300 experiments per
    // scenario. An experiment is a false positive if any look's interval excludes 0. The low
    // scenario (3 conversions a day) checks the small-count end, where the normal
    // approximation is weakest.
    const random = mulberry32(2021);
    const runs = 300;
    for (const [perDay, rate] of [
      [300, 0.1],
      [100, 0.03],
    ] as const) {
      let sequentialHits = 0;
      let fixedHits = 0;
      for (let run = 0; run < runs; run++) {
        const control = { visitors: 0, conversions: 0 };
        const variant = { visitors: 0, conversions: 0 };
        let sequentialRejected = false;
        let fixedRejected = false;
        for (let day = 0; day < 30; day++) {
          for (let i = 0; i < perDay; i++) {
            if (random() < rate) control.conversions++;
            if (random() < rate) variant.conversions++;
          }
          control.visitors += perDay;
          variant.visitors += perDay;
          const uplift = relativeUplift(control, variant);
          if (!uplift?.ci95) continue;
          const [lo, hi] = sequentialInterval({
            ...uplift,
            mixingVariance: SEQUENTIAL_MIXING_SD ** 2,
          });
          if (lo > 0 || hi < 0) sequentialRejected = true;
          if (uplift.ci95[0] > 0 || uplift.ci95[1] < 0) fixedRejected = true;
        }
        if (sequentialRejected) sequentialHits++;
        if (fixedRejected) fixedHits++;
      }
      expect(sequentialHits / runs).toBeLessThan(0.05);
      // Peeking at the fixed interval 30 times inflates 5% to well above it (about 30%).
      expect(fixedHits / runs).toBeGreaterThan(0.15);
    }
  });

  it('is a point without variance and rejects bad parameters', () => {
    expect(sequentialInterval({ estimate: -1, variance: 0, mixingVariance: 0.01 })).toEqual([
      -1, -1,
    ]);
    expect(() => sequentialHalfWidth(-1, 0.01)).toThrow(RangeError);
    expect(() => sequentialHalfWidth(1, 0)).toThrow(RangeError);
  });
});
