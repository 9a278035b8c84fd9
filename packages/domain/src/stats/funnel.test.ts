import { describe, expect, it } from 'vitest';
import { funnelStepCounts, funnelStepSignificance } from './funnel';
import { DEFAULT_COMPARISON_SETTINGS } from './significance';

const FIXED = { ...DEFAULT_COMPARISON_SETTINGS, method: 'fixed' as const };

describe('funnelStepSignificance', () => {
  const control = { visitors: 2000, steps: [800, 300, 90] };
  const variant = { visitors: 2000, steps: [860, 340, 120] };

  it('bases each step on the step before it', () => {
    expect(funnelStepCounts(control)).toEqual([
      { visitors: 2000, conversions: 800 },
      { visitors: 800, conversions: 300 },
      { visitors: 300, conversions: 90 },
    ]);
  });

  // Independently (Python's statistics.NormalDist), the z-test of the log ratio of each step's
  // rate, Var ln p̂ = (1-p̂)/(n p̂):
  //   step 1: 800/2000 vs 860/2000: θ̂ = 0.0723207, V = 0.00141279, z = 1.92408, p = 0.0543444
  //   step 2: 300/800 vs 340/860:   θ̂ = 0.0528425, V = 0.00386172, z = 0.85034, p = 0.3951358
  //   step 3: 90/300 vs 120/340:    θ̂ = 0.1625189, V = 0.01316993, z = 1.41616, p = 0.1567288
  // Holm over 3: 0.0543444 x 3 = 0.1630331; 0.1567288 x 2 = 0.3134577; 0.3951358 x 1.
  it('tests each step conditional on the previous one, Holm over the funnel', () => {
    const [steps] = funnelStepSignificance({ control, variants: [variant] }, FIXED).variants.map(
      (v) => v.steps,
    );
    expect(steps!.map((s) => s.pValue)).toEqual([
      expect.closeTo(0.0543444, 6),
      expect.closeTo(0.3951358, 6),
      expect.closeTo(0.1567288, 6),
    ]);
    expect(steps!.map((s) => s.adjustedPValue)).toEqual([
      expect.closeTo(0.1630331, 6),
      expect.closeTo(0.3951358, 6),
      expect.closeTo(0.3134577, 6),
    ]);
    // Relative uplift of the step's own rate: (340 / 860) / (300 / 800) - 1.
    expect(steps![1]!.uplift!.estimate).toBeCloseTo(0.0542636, 6);
    expect(steps![2]!.uplift!.estimate).toBeCloseTo(0.1764706, 6);
  });

  it('answers for no variants and no steps', () => {
    expect(funnelStepSignificance({ control, variants: [] })).toEqual({ variants: [] });
    expect(
      funnelStepSignificance({
        control: { visitors: 5, steps: [] },
        variants: [{ visitors: 5, steps: [] }],
      }),
    ).toEqual({ variants: [{ steps: [] }] });
  });

  it('refuses a step larger than the one before it', () => {
    expect(() => funnelStepCounts({ visitors: 10, steps: [5, 6] })).toThrow(RangeError);
    expect(() =>
      funnelStepSignificance({ control, variants: [{ visitors: 10, steps: [1] }] }),
    ).toThrow('Every arm of a funnel has the same steps');
  });
});
