import { z } from 'zod';

// Metric shapes of spec section 3. Every number defaults to 0.

const zero = z.number().default(0);

export const baseMetricsSchema = z.object({
  views: zero,
  visitors: zero,
  sessions: zero,
  conversions: zero,
  funnelSessions: zero,
  funnelConversions: zero,
  revenue: zero,
});
export type BaseMetrics = z.infer<typeof baseMetricsSchema>;
export type BaseMetricKey = keyof BaseMetrics;

export const DERIVED_METRIC_KEYS = [
  'rawConversionsPerView',
  'conversionsPerSession',
  'revenuePerSession',
] as const;
export type DerivedMetricKey = (typeof DERIVED_METRIC_KEYS)[number];
export type DerivedMetrics = Record<DerivedMetricKey, number>;

/** A derived metric of an element or variant. */
export const comparedMetricSchema = z.object({
  value: zero,
  benchmark: zero,
  improvement: zero,
});
export type ComparedMetric = z.infer<typeof comparedMetricSchema>;

/** A derived metric of a campaign. */
export const campaignMetricSchema = comparedMetricSchema.extend({
  potential: zero,
  potentialImprovement: zero,
  original: zero,
});
export type CampaignMetric = z.infer<typeof campaignMetricSchema>;

const compared = comparedMetricSchema.prefault({});
const campaignMetric = campaignMetricSchema.prefault({});

/** Element and variant metrics: the base metrics plus the three derived metrics. */
export const variantMetricsSchema = baseMetricsSchema.extend({
  rawConversionsPerView: compared,
  conversionsPerSession: compared,
  revenuePerSession: compared,
});
export type VariantMetrics = z.infer<typeof variantMetricsSchema>;

export const campaignMetricsSchema = baseMetricsSchema.extend({
  rawConversionsPerView: campaignMetric,
  conversionsPerSession: campaignMetric,
  revenuePerSession: campaignMetric,
});
export type CampaignMetrics = z.infer<typeof campaignMetricsSchema>;
