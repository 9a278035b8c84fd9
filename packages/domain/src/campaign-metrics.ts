import { z } from 'zod';
import { rowId } from './row-id';
import { goalMetricRoleSchema } from './goal-schema';

/**
 * A campaign's metrics besides its goals' converted visitors (issue 29): revenue per visitor (a
 * mean, Welch), revenue per session and a goal's sessions per session (ratios, the delta
 * method). Each is a secondary or a guardrail metric; the primary stays the funnel's
 * conversion, which plans the sample.
 */
export const CAMPAIGN_METRIC_KINDS = [
  'revenue_per_visitor',
  'revenue_per_session',
  'goal_per_session',
] as const;
export type CampaignMetricKind = (typeof CAMPAIGN_METRIC_KINDS)[number];

/** At most this many such metrics per campaign: each adds comparisons to the family's reading. */
export const MAX_CAMPAIGN_METRICS = 10;

export const CAMPAIGN_METRIC_MESSAGES = {
  kind: 'Choose revenue per visitor, revenue per session or a goal per session.',
  goalNeeded: 'Choose the goal to count per session.',
  goalNotNeeded: 'Only a goal-per-session metric names a goal.',
  goalNotFound: 'That goal is not one of this campaign’s goals.',
  duplicate: 'This metric is already in the list.',
  tooMany: `A campaign can have at most ${MAX_CAMPAIGN_METRICS} revenue and per-session metrics.`,
  campaignNotFound: 'Campaign not found.',
  cap: 'Cap revenue at a percentile between 50% and 99.9%.',
  capOnlyRevenue: 'Only revenue per visitor can be capped.',
} as const;

/** The percentiles a revenue cap may sit at (0.99: the top 1% of paying visitors are capped). */
export const REVENUE_CAP_RANGE = { min: 0.5, max: 0.999 } as const;

export const extraMetricSchema = z
  .object({
    kind: z.enum(CAMPAIGN_METRIC_KINDS, { error: CAMPAIGN_METRIC_MESSAGES.kind }),
    /** The goal's id (in a campaign body, the submitted goal's id, new goals' placeholders too). */
    goalId: z.number().int().nullable().default(null),
    role: goalMetricRoleSchema,
    lowerIsBetter: z.boolean().default(false),
    /**
     * Revenue per visitor: each paying visitor's revenue is capped at this percentile of the
     * paying visitors' revenue (winsorised), so one huge order cannot decide the test.
     */
    capPercentile: z
      .number({ error: CAMPAIGN_METRIC_MESSAGES.cap })
      .min(REVENUE_CAP_RANGE.min, CAMPAIGN_METRIC_MESSAGES.cap)
      .max(REVENUE_CAP_RANGE.max, CAMPAIGN_METRIC_MESSAGES.cap)
      .nullable()
      .default(null),
  })
  .superRefine((metric, context) => {
    if (metric.capPercentile !== null && metric.kind !== 'revenue_per_visitor') {
      context.addIssue({
        code: 'custom',
        path: ['capPercentile'],
        message: CAMPAIGN_METRIC_MESSAGES.capOnlyRevenue,
      });
    }
    const needsGoal = metric.kind === 'goal_per_session';
    if (needsGoal && metric.goalId === null) {
      context.addIssue({
        code: 'custom',
        path: ['goalId'],
        message: CAMPAIGN_METRIC_MESSAGES.goalNeeded,
      });
    }
    if (!needsGoal && metric.goalId !== null) {
      context.addIssue({
        code: 'custom',
        path: ['goalId'],
        message: CAMPAIGN_METRIC_MESSAGES.goalNotNeeded,
      });
    }
  });
export type ExtraMetric = z.infer<typeof extraMetricSchema>;

/** A campaign's list of such metrics: at most MAX_CAMPAIGN_METRICS, each once. */
export const extraMetricListSchema = z
  .array(extraMetricSchema)
  .max(MAX_CAMPAIGN_METRICS, CAMPAIGN_METRIC_MESSAGES.tooMany)
  .superRefine((metrics, context) => {
    const seen = new Set<string>();
    metrics.forEach((metric, index) => {
      const key = `${metric.kind}:${metric.goalId ?? ''}:${metric.capPercentile ?? ''}`;
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: [index],
          message: CAMPAIGN_METRIC_MESSAGES.duplicate,
        });
      }
      seen.add(key);
    });
  });

export const metricListInputSchema = z.object({
  campaignId: rowId,
  metrics: extraMetricListSchema,
});
export type MetricListInput = z.infer<typeof metricListInputSchema>;

/** A stored metric as the API answers it. */
export const storedExtraMetricSchema = extraMetricSchema.safeExtend({
  id: z.number().int(),
  /** "Revenue per visitor", "Sign-up per session". */
  name: z.string(),
});
export type StoredExtraMetric = z.infer<typeof storedExtraMetricSchema>;

/** How people read the metric. */
export function campaignMetricName(
  kind: CampaignMetricKind,
  goalName?: string,
  capPercentile: number | null = null,
): string {
  if (kind === 'revenue_per_visitor') {
    return capPercentile === null
      ? 'Revenue per visitor'
      : `Revenue per visitor (capped at p${Math.round(capPercentile * 1000) / 10})`;
  }
  if (kind === 'revenue_per_session') return 'Revenue per session';
  return `${goalName ?? 'Goal'} per session`;
}
