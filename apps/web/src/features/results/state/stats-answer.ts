import {
  GRANULARITIES,
  campaignMetricsSchema,
  srmResultSchema,
  variantMetricsSchema,
  variantSignificanceSchema,
} from '@kindling/domain';
import { z } from 'zod';

// The stats endpoint's answer (docs/api.md) as the web app reads it.

const modes = <T extends z.ZodType>(metrics: T) =>
  z.object({ discrete: metrics, cumulative: metrics });
const timeSeries = <T extends z.ZodType>(metrics: T) =>
  z.object({ start: z.string().nullable(), values: z.record(z.string(), modes(metrics)) });
const range = z.object({ start: z.string(), end: z.string() });
const interval = z.object({ start: z.string(), end: z.string() });

const variantStatsSchema = z.object({
  id: z.union([z.number(), z.literal('control')]),
  control: z.boolean(),
  overall: modes(variantMetricsSchema),
  timeSeries: timeSeries(variantMetricsSchema),
  significance: variantSignificanceSchema.nullable(),
});

export const statsAnswerSchema = z.object({
  id: z.number(),
  range,
  timezone: z.string(),
  granularity: z.enum(GRANULARITIES),
  intervals: z.array(interval),
  overall: modes(campaignMetricsSchema),
  timeSeries: timeSeries(campaignMetricsSchema),
  elements: z.record(
    z.string(),
    z.object({
      id: z.number(),
      srm: srmResultSchema,
      variants: z.record(z.string(), variantStatsSchema),
    }),
  ),
  goals: z.array(z.object({ id: z.number(), isConversionGoal: z.boolean(), counted: z.boolean() })),
  benchmark: z
    .object({
      range,
      intervals: z.array(interval),
      overall: modes(campaignMetricsSchema),
      timeSeries: timeSeries(campaignMetricsSchema),
    })
    .nullable(),
});

export type StatsAnswer = z.infer<typeof statsAnswerSchema>;
export type ElementStatsAnswer = StatsAnswer['elements'][string];
export type VariantStatsAnswer = z.infer<typeof variantStatsSchema>;
