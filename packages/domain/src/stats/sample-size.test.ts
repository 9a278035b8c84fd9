import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile } from './normal';
import { requiredSampleSize, sampleEstimate } from './sample-size';

describe('requiredSampleSize', () => {
  it("matches R's power.prop.test examples", () => {
    // power.prop.test(p1 = .50, p2 = .75, power = .90)  ## => n = 76.7
    expect(requiredSampleSize({ baselineRate: 0.5, relativeEffect: 0.5, power: 0.9 })).toBeCloseTo(
      76.7,
      1,
    );
    // power.prop.test(p1 = .5, p2 = 0.501, sig.level = .001, power = .90)  ## => n = 10451937
    const n = requiredSampleSize({
      baselineRate: 0.5,
      relativeEffect: 0.002,
      alpha: 0.001,
      power: 0.9,
    })!;
    expect(Math.abs(n - 10_451_937)).toBeLessThan(1);
  });

  it('gives 80% power at the sample it answers', () => {
    const inputs = fc.record({
      baselineRate: fc.double({ min: 0.001, max: 0.9, noNaN: true }),
      relativeEffect: fc
        .double({ min: -0.9, max: 0.1, noNaN: true })
        .filter((e) => Math.abs(e) > 1e-3),
    });
    fc.assert(
      fc.property(inputs, ({ baselineRate: p1, relativeEffect }) => {
        const n = requiredSampleSize({ baselineRate: p1, relativeEffect })!;
        const p2 = p1 * (1 + relativeEffect);
        const mean = (p1 + p2) / 2;
        // Power of the two-sided test at n (the dominant tail), as power.prop.test computes it.
        const power = normalCdf(
          (Math.sqrt(n) * Math.abs(p2 - p1) -
            normalQuantile(0.975) * Math.sqrt(2 * mean * (1 - mean))) /
            Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2)),
        );
        expect(power).toBeCloseTo(0.8, 9);
      }),
    );
  });

  it('answers null when nothing is detectable', () => {
    expect(requiredSampleSize({ baselineRate: 0.1, relativeEffect: 0 })).toBeNull();
    expect(requiredSampleSize({ baselineRate: 0, relativeEffect: 0.1 })).toBeNull();
    expect(requiredSampleSize({ baselineRate: 0.6, relativeEffect: 1 })).toBeNull();
    expect(() => requiredSampleSize({ baselineRate: 0.1, relativeEffect: 0.1, power: 1 })).toThrow(
      RangeError,
    );
  });
});

describe('sampleEstimate', () => {
  it('works out the days remaining from the exposures per day', () => {
    // 10% baseline, MDE 10%: n = 14,750.79 -> 14,751 per arm (scipy by the same formula).
    // Control 2,000 in 4 days (500/day) needs 12,751 more: 25.502 days; the variant, at
    // 400/day, 13,151 more: 32.8775 days.
    const estimate = sampleEstimate({
      control: { visitors: 2000, conversions: 200 },
      variants: [{ visitors: 1600, conversions: 170 }],
      daysElapsed: 4,
      minimumDetectableEffect: 0.1,
    });
    expect(estimate.requiredPerArm).toBe(14_751);
    expect(estimate.daysRemaining).toBeCloseTo(13_151 / 400, 12);
    expect(estimate.variants).toEqual([
      { requiredPerArm: 14_751, daysRemaining: estimate.daysRemaining },
    ]);
  });

  it('uses the observed uplift, and takes the slowest variant for the element', () => {
    const control = { visitors: 1000, conversions: 100 };
    const fast = { visitors: 1000, conversions: 150 }; // +50%
    const slow = { visitors: 1000, conversions: 110 }; // +10%
    const estimate = sampleEstimate({ control, variants: [fast, slow], daysElapsed: 10 });
    const [a, b] = estimate.variants;
    expect(a!.requiredPerArm).toBe(
      Math.ceil(requiredSampleSize({ baselineRate: 0.1, relativeEffect: 0.5 })!),
    );
    expect(b!.requiredPerArm).toBe(14_751);
    expect(estimate.requiredPerArm).toBe(14_751);
    expect(estimate.daysRemaining).toBeCloseTo((14_751 - 1000) / 100, 12);
    // Reached already: 0 days.
    expect(a!.daysRemaining).toBe(0);
  });

  it('answers null when it cannot estimate', () => {
    const control = { visitors: 1000, conversions: 100 };
    const same = sampleEstimate({
      control,
      variants: [{ visitors: 1000, conversions: 100 }],
      daysElapsed: 3,
    });
    expect(same).toEqual({
      requiredPerArm: null,
      daysRemaining: null,
      variants: [{ requiredPerArm: null, daysRemaining: null }],
    });
    const noTime = sampleEstimate({
      control,
      variants: [{ visitors: 10, conversions: 2 }],
      daysElapsed: 0,
    });
    expect(noTime.requiredPerArm).not.toBeNull();
    expect(noTime.daysRemaining).toBeNull();
    expect(sampleEstimate({ control, variants: [], daysElapsed: 3 }).requiredPerArm).toBeNull();
  });
});
