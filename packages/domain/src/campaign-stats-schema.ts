import { z } from 'zod';
import { GRANULARITIES } from './constants';
import { campaignMetricsSchema, variantMetricsSchema } from './metrics-schema';
import {
  correctionSchema,
  metricComparisonSchema,
  metricDefinitionSchema,
  srmExplanationSchema,
  srmResultSchema,
  testMethodSchema,
  variantSignificanceSchema,
  verdictSchema,
} from './stats/significance-schema';
import { statsSegmentAnswerSchema } from './stats-segment';
import { trafficConcentrationSchema } from './traffic-concentration';
import { elementVitalsSchema } from './web-vitals';

// The answer of POST /api/team/{team}/campaign/stats (docs/api.md): the server builds it with
// these types and the web app parses what it receives with these schemas.

/** The key of the control among an element's arms; variants are keyed by their id. */
export const CONTROL_ARM_KEY = 'control';

const count = z.number().int().min(0);
const armId = z.union([z.literal(CONTROL_ARM_KEY), z.number().int()]);

/** One arm at one funnel step: of those who entered the step, how many reached its goal. */
export const funnelStepArmSchema = z.object({
  id: armId,
  control: z.boolean(),
  /** Exposed visitors for the first step; those who reached the previous step after it. */
  entered: count,
  reached: count,
  /** The step's conversion against the control's; null for the control. */
  significance: variantSignificanceSchema.nullable(),
});
export type FunnelStepArm = z.infer<typeof funnelStepArmSchema>;

export const funnelStepSchema = z.object({
  goalId: z.number().int(),
  /** Keyed as the element's variants: `control`, then variant ids. */
  variants: z.record(z.string(), funnelStepArmSchema),
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const sampleSizeSchema = z.object({
  /** Visitors each arm needs (the plan: the MDE and the original's rate); null before it converts. */
  requiredPerArm: count.nullable(),
  /** Exposed visitors of the element's smallest arm in the range. */
  exposedPerArm: count,
  /** At the range's observed exposures per day; 0 when reached; null when not estimable. */
  daysRemaining: z.number().min(0).nullable(),
});
export type SampleSize = z.infer<typeof sampleSizeSchema>;

// The whole answer. Unknown fields are stripped, not refused: a page loaded before an upgrade
// still reads a newer server's answer. The server's test compares its answer with the parsed
// one, so a field added there without adding it here fails that test.

const instant = z.iso.datetime();
const rowId = z.number().int().positive();

export const statsRangeAnswerSchema = z.object({ start: instant, end: instant });

const modesOf = <T extends z.ZodType>(metrics: T) =>
  z.object({ discrete: metrics, cumulative: metrics });

/** On the wire a series is its first interval's start and its values keyed by interval start. */
const timeSeriesOf = <T extends z.ZodType>(metrics: T) =>
  z.object({ start: instant.nullable(), values: z.record(instant, modesOf(metrics)) });

const variantMetrics = variantMetricsSchema;
const campaignMetrics = campaignMetricsSchema;

export const variantStatsSchema = z.object({
  id: armId,
  control: z.boolean(),
  /** Not served in the range (paused throughout): out of every test and of SRM. */
  paused: z.boolean(),
  overall: modesOf(variantMetrics),
  timeSeries: timeSeriesOf(variantMetrics),
  /** Against the element's control; null for the control itself and a paused variant. */
  significance: variantSignificanceSchema.nullable(),
});
export type VariantStats = z.infer<typeof variantStatsSchema>;

export const elementStatsSchema = z.object({
  id: rowId,
  /** Null for bandit campaigns: their served split follows the results, so none is expected. */
  srm: srmResultSchema.nullable(),
  /**
   * When the SRM test flagged a mismatch: the segments (browser, device, new or returning,
   * referrer) where it sits and the sentence to show; null otherwise or without segment counts.
   */
  srmExplanation: srmExplanationSchema.nullable(),
  /** `control`, then variant ids. */
  variants: z.record(z.string(), variantStatsSchema),
  /** One step per funnel goal, in funnel order. */
  funnel: z.array(funnelStepSchema),
  sampleSize: sampleSizeSchema,
  /** How the element is tested: the campaign's method and MDE, the team's correction. */
  plan: z.object({
    method: testMethodSchema,
    correction: correctionSchema,
    minimumDetectableEffect: z.number(),
    plannedPerArm: count.nullable(),
  }),
  /** What to do, in one sentence (packages/domain stats/verdict.ts): the app shows it as is. */
  verdict: verdictSchema,
  /** Every running variant against the original on every metric. */
  comparisons: z.array(metricComparisonSchema),
  /** Web Vitals per arm over the campaign's life (median, p75, samples) and the harms found. */
  vitals: elementVitalsSchema,
});
export type ElementStats = z.infer<typeof elementStatsSchema>;

const campaignPeriod = {
  overall: modesOf(campaignMetrics),
  timeSeries: timeSeriesOf(campaignMetrics),
};

export const campaignStatsSchema = z.object({
  id: rowId,
  range: statsRangeAnswerSchema,
  timezone: z.string(),
  granularity: z.enum(GRANULARITIES),
  intervals: z.array(statsRangeAnswerSchema),
  ...campaignPeriod,
  /** Element id -> its arms, significance, funnel and sample estimate. */
  elements: z.record(z.string(), elementStatsSchema),
  goals: z.array(z.object({ id: rowId, isConversionGoal: z.boolean(), counted: z.boolean() })),
  /** The primary metric (the counted goal) first, then the secondary and guardrail goals. */
  metrics: z.array(metricDefinitionSchema),
  /**
   * How the elements were served (element-mode.ts): 'together', the headline figures are the
   * first element's whole-page arms; 'separate', they blend elements and no page is "the
   * original" (the combinations are at /campaign/combinations).
   */
  elementMode: z.enum(['single', 'together', 'separate']),
  /** With compareRange: the campaign in the comparison period. */
  benchmark: z
    .object({
      range: statsRangeAnswerSchema,
      intervals: z.array(statsRangeAnswerSchema),
      ...campaignPeriod,
    })
    .nullable(),
  /** The campaign's counted traffic by client address over its lifetime (not the range). */
  traffic: trafficConcentrationSchema,
  /** The segment the results are filtered to (its visitors only); null for every visitor. */
  segment: statsSegmentAnswerSchema.nullable(),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
