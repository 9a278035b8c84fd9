import { describe, it, expect } from 'vitest';
import {
  baseMetricsSchema,
  campaignMetricsSchema,
  DERIVED_METRIC_KEYS,
  variantMetricsSchema,
} from './metrics-schema';

describe('metrics schemas', () => {
  it('defaults every number to 0', () => {
    const variant = variantMetricsSchema.parse({ views: 3 });
    expect(variant.views).toBe(3);
    expect(variant.revenue).toBe(0);
    expect(variant.conversionsPerSession).toEqual({ value: 0, benchmark: 0, improvement: 0 });
    const campaign = campaignMetricsSchema.parse({});
    expect(campaign.revenuePerSession).toEqual({
      value: 0,
      benchmark: 0,
      improvement: 0,
      potential: 0,
      potentialImprovement: 0,
      original: 0,
    });
  });

  it('rejects non-numbers', () => {
    expect(baseMetricsSchema.safeParse({ views: '3' }).success).toBe(false);
  });

  it('names the derived metrics', () => {
    expect(DERIVED_METRIC_KEYS).toEqual([
      'rawConversionsPerView',
      'conversionsPerSession',
      'revenuePerSession',
    ]);
  });
});
