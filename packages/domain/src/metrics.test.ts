import { describe, it, expect } from 'vitest';
import {
  campaignMetrics,
  deriveMetrics,
  emptyBaseMetrics,
  improvement,
  variantMetrics,
} from './metrics';
import { baseMetricsSchema, campaignMetricsSchema, variantMetricsSchema } from './metrics-schema';
import type { BaseMetrics } from './metrics-schema';

function base(values: Partial<BaseMetrics>): BaseMetrics {
  return { ...emptyBaseMetrics(), ...values };
}

describe('base and derived metrics', () => {
  it('starts every base metric at 0', () => {
    expect(emptyBaseMetrics()).toEqual({
      views: 0,
      visitors: 0,
      sessions: 0,
      conversions: 0,
      funnelSessions: 0,
      funnelConversions: 0,
      revenue: 0,
    });
    expect(baseMetricsSchema.parse({})).toEqual(emptyBaseMetrics());
  });

  it('derives the three ratios', () => {
    // 20/200 = 0.1; 30/120 = 0.25; 600/120 = 5
    expect(
      deriveMetrics(
        base({
          views: 200,
          conversions: 20,
          funnelSessions: 120,
          funnelConversions: 30,
          revenue: 600,
        }),
      ),
    ).toEqual({ rawConversionsPerView: 0.1, conversionsPerSession: 0.25, revenuePerSession: 5 });
  });

  it('gives 0 for zero denominators', () => {
    expect(deriveMetrics(base({ conversions: 5, funnelConversions: 3, revenue: 10 }))).toEqual({
      rawConversionsPerView: 0,
      conversionsPerSession: 0,
      revenuePerSession: 0,
    });
  });
});

describe('improvement', () => {
  it('is (value - benchmark) / benchmark', () => {
    expect(improvement(0.15, 0.1)).toBeCloseTo(0.5);
    expect(improvement(0.05, 0.1)).toBeCloseTo(-0.5);
    expect(improvement(3, 3)).toBe(0);
  });

  it('is 0 without a benchmark', () => {
    expect(improvement(0.2, 0)).toBe(0);
    expect(improvement(0.2, undefined)).toBe(0);
    expect(improvement(0.2, null)).toBe(0);
  });
});

describe('variantMetrics', () => {
  it('compares each derived metric with the benchmark', () => {
    const metrics = variantMetrics(
      base({
        views: 100,
        conversions: 12,
        funnelSessions: 50,
        funnelConversions: 10,
        revenue: 250,
      }),
      base({ views: 100, conversions: 8, funnelSessions: 40, funnelConversions: 4, revenue: 200 }),
    );
    // value 0.12 vs 0.08 -> +50%; 0.2 vs 0.1 -> +100%; 5 vs 5 -> 0
    expect(metrics.views).toBe(100);
    expect(metrics.rawConversionsPerView.value).toBeCloseTo(0.12);
    expect(metrics.rawConversionsPerView.benchmark).toBeCloseTo(0.08);
    expect(metrics.rawConversionsPerView.improvement).toBeCloseTo(0.5);
    expect(metrics.conversionsPerSession).toEqual({ value: 0.2, benchmark: 0.1, improvement: 1 });
    expect(metrics.revenuePerSession).toEqual({ value: 5, benchmark: 5, improvement: 0 });
    expect(variantMetricsSchema.parse(metrics)).toEqual(metrics);
  });

  it('uses benchmark 0 and improvement 0 without a benchmark', () => {
    const metrics = variantMetrics(base({ views: 10, conversions: 1 }));
    expect(metrics.rawConversionsPerView).toEqual({ value: 0.1, benchmark: 0, improvement: 0 });
  });
});

describe('campaignMetrics', () => {
  // Element A: control 10/100 sessions converted (0.1); variants 0.15 and 0.05.
  // Element B: control 0.2; its only variant 0.1 loses, so its best is the control.
  const elementA = {
    control: base({ funnelSessions: 100, funnelConversions: 10, revenue: 100 }),
    variants: [
      base({ funnelSessions: 100, funnelConversions: 15, revenue: 300 }),
      base({ funnelSessions: 100, funnelConversions: 5, revenue: 50 }),
    ],
  };
  const elementB = {
    control: base({ funnelSessions: 50, funnelConversions: 10, revenue: 100 }),
    variants: [base({ funnelSessions: 50, funnelConversions: 5, revenue: 400 })],
  };

  it('computes value, benchmark, potential, original and their improvements', () => {
    const metrics = campaignMetrics({
      base: base({
        views: 1000,
        conversions: 45,
        funnelSessions: 400,
        funnelConversions: 45,
        revenue: 950,
      }),
      benchmark: base({
        views: 1000,
        conversions: 30,
        funnelSessions: 400,
        funnelConversions: 40,
        revenue: 800,
      }),
      elements: [elementA, elementB],
    });
    const cps = metrics.conversionsPerSession;
    expect(cps.value).toBeCloseTo(0.1125); // 45 / 400
    expect(cps.benchmark).toBeCloseTo(0.1); // 40 / 400
    expect(cps.improvement).toBeCloseTo(0.125);
    expect(cps.original).toBeCloseTo(0.15); // (0.1 + 0.2) / 2
    expect(cps.potential).toBeCloseTo(0.175); // (0.15 + 0.2) / 2
    expect(cps.potentialImprovement).toBeCloseTo(1 / 6); // (0.175 - 0.15) / 0.15

    const rps = metrics.revenuePerSession;
    expect(rps.original).toBeCloseTo(1.5); // (1 + 2) / 2
    expect(rps.potential).toBeCloseTo(5.5); // (3 + 8) / 2
    expect(rps.potentialImprovement).toBeCloseTo(4 / 1.5); // (5.5 - 1.5) / 1.5

    expect(metrics.rawConversionsPerView.value).toBeCloseTo(0.045);
    expect(metrics.rawConversionsPerView.improvement).toBeCloseTo(0.5); // 0.045 vs 0.03
    expect(metrics.views).toBe(1000);
    expect(campaignMetricsSchema.parse(metrics)).toEqual(metrics);
  });

  it('is all zeros for an empty campaign', () => {
    const metrics = campaignMetrics({ base: emptyBaseMetrics(), elements: [] });
    expect(metrics.conversionsPerSession).toEqual({
      value: 0,
      benchmark: 0,
      improvement: 0,
      potential: 0,
      potentialImprovement: 0,
      original: 0,
    });
  });

  it('uses the control when an element has no variants', () => {
    const metrics = campaignMetrics({
      base: emptyBaseMetrics(),
      elements: [{ control: elementB.control, variants: [] }],
    });
    expect(metrics.conversionsPerSession.potential).toBeCloseTo(0.2);
    expect(metrics.conversionsPerSession.potentialImprovement).toBe(0);
  });
});
