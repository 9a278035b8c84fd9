import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile } from './normal';
import { daysUntil, requiredSampleSize } from './sample-size';

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

describe('daysUntil', () => {
  it('works out the days remaining from each arm’s visitors per day', () => {
    // 14,751 per arm: control 2,000 in 4 days (500/day) needs 12,751 more, 25.502 days; the
    // variant at 400/day 13,151 more, 32.8775 days: the slower arm decides.
    const arms = [
      { visitors: 2000, conversions: 200 },
      { visitors: 1600, conversions: 170 },
    ];
    expect(daysUntil(14_751, arms, 4)).toBeCloseTo(13_151 / 400, 12);
    expect(daysUntil(1600, arms, 4)).toBe(0);
  });

  it('answers null while an arm that needs visitors has no rate yet', () => {
    expect(daysUntil(100, [{ visitors: 10, conversions: 2 }], 0)).toBeNull();
    expect(daysUntil(100, [{ visitors: 0, conversions: 0 }], 3)).toBeNull();
  });
});
