import { describe, expect, it } from 'vitest';
import { funnelSignificance, funnelStepCounts, funnelStepSignificance } from './funnel';
import { holmAdjust } from './holm';
import { compareToControl } from './significance';

describe('funnelSignificance', () => {
  const control = { visitors: 2000, steps: [800, 300, 90] };
  const variants = [
    { visitors: 2000, steps: [860, 340, 120] },
    { visitors: 1900, steps: [700, 280, 85] },
  ];

  it('compares each step rate with the control, Holm over all steps of all variants', () => {
    const result = funnelSignificance({ control, variants });
    const raw = variants.flatMap((v) =>
      v.steps.map(
        (count, step) =>
          compareToControl(
            { visitors: control.visitors, conversions: control.steps[step]! },
            { visitors: v.visitors, conversions: count },
          ).pValue,
      ),
    );
    expect(result.variants.flatMap((v) => v.steps.map((s) => s.adjustedPValue))).toEqual(
      holmAdjust(raw),
    );
    const thirdStep = result.variants[0]!.steps[2]!;
    expect(thirdStep.uplift!.estimate).toBeCloseTo(120 / 90 - 1, 14);
    expect(thirdStep).toMatchObject(
      compareToControl({ visitors: 2000, conversions: 90 }, { visitors: 2000, conversions: 120 }),
    );
  });

  it('rejects arms with different steps', () => {
    expect(() => funnelSignificance({ control, variants: [{ visitors: 10, steps: [1] }] })).toThrow(
      RangeError,
    );
  });

  it('answers for no variants and no steps', () => {
    expect(funnelSignificance({ control, variants: [] })).toEqual({ variants: [] });
    expect(
      funnelSignificance({
        control: { visitors: 5, steps: [] },
        variants: [{ visitors: 5, steps: [] }],
      }),
    ).toEqual({
      variants: [{ steps: [] }],
    });
  });
});

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

  // By hand (pooled two-proportion z-test, as R's prop.test(correct = FALSE)):
  //   step 1: 800/2000 vs 860/2000, p̂ = 0.415,      z = 1.92539, p = 0.054180
  //   step 2: 300/800  vs 340/860,  p̂ = 640/1660,   z = 0.85113, p = 0.394695
  //   step 3: 90/300   vs 120/340,  p̂ = 210/640,    z = 1.42344, p = 0.154608
  // Holm over 3: 0.054180 x 3 = 0.162541; 0.154608 x 2 = 0.309216; 0.394695 x 1.
  it('tests each step conditional on the previous one, Holm over the funnel', () => {
    const [steps] = funnelStepSignificance({ control, variants: [variant] }).variants.map(
      (v) => v.steps,
    );
    expect(steps!.map((s) => s.pValue)).toEqual([
      expect.closeTo(0.05418, 5),
      expect.closeTo(0.394695, 5),
      expect.closeTo(0.154608, 5),
    ]);
    expect(steps!.map((s) => s.adjustedPValue)).toEqual([
      expect.closeTo(0.162541, 5),
      expect.closeTo(0.394695, 5),
      expect.closeTo(0.309216, 5),
    ]);
    // Relative uplift of the step's own rate: (340 / 860) / (300 / 800) - 1.
    expect(steps![1]!.uplift!.estimate).toBeCloseTo(0.0542636, 6);
    expect(steps![2]!.uplift!.estimate).toBeCloseTo(0.1764706, 6);
  });

  it('refuses a step larger than the one before it', () => {
    expect(() => funnelStepCounts({ visitors: 10, steps: [5, 6] })).toThrow(RangeError);
    expect(() =>
      funnelStepSignificance({ control, variants: [{ visitors: 10, steps: [1] }] }),
    ).toThrow('Every arm of a funnel has the same steps');
  });
});
