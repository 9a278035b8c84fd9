import { describe, expect, it } from 'vitest';
import { funnelSignificance } from './funnel';
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
