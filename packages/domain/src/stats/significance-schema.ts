import { z } from 'zod';
import { CORRECTIONS } from './family';
import type { ElementSignificance, VariantSignificance } from './significance';
import type { SrmResult } from './srm';
import type { SrmExplanation } from './srm-explanation';
import { SEGMENT_DIMENSIONS } from '../visitor-segments';
import {
  VERDICT_STATES,
  type MetricComparison,
  type MetricDefinition,
  type Verdict,
} from './verdict';

// The engine's answers as they cross the API: the web app parses them with these schemas.
// The engine itself stays free of zod; the type checks below keep the two in step.

const probability = z.number().min(0).max(1);
const interval = z.tuple([z.number(), z.number()]);
export const testMethodSchema = z.enum(['sequential', 'fixed']);
export const correctionSchema = z.enum(CORRECTIONS);

export const variantSignificanceSchema = z.object({
  chanceToBeatControl: probability.nullable(),
  uplift: z
    .object({ estimate: z.number(), interval: interval.nullable(), level: probability })
    .nullable(),
  method: testMethodSchema,
  pValue: probability,
  adjustedPValue: probability,
  significant: z.boolean(),
  enoughData: z.boolean(),
});

export const srmResultSchema = z.object({
  statistic: z.number().min(0).nullable(),
  pValue: probability,
  flagged: z.boolean(),
});

/** Where a flagged mismatch sits (srm-explanation.ts): the segments and the sentence to show. */
export const srmExplanationSchema = z.object({
  explained: z.boolean(),
  segments: z.array(
    z.object({
      dimension: z.enum(SEGMENT_DIMENSIONS),
      value: z.string(),
      label: z.string(),
      shares: z.array(probability.nullable()),
      visitors: z.array(z.number().int().min(0)),
      contribution: probability,
    }),
  ),
  summary: z.string(),
});

export const elementSignificanceSchema = z.object({
  variants: z.array(variantSignificanceSchema.nullable()),
  srm: srmResultSchema,
});

export const verdictSchema = z.object({
  state: z.enum(VERDICT_STATES),
  variantId: z.number().int().nullable(),
  method: testMethodSchema,
  metricId: z.string().nullable(),
  summary: z.string(),
  visitorsNeeded: z.number().int().min(0).nullable(),
});

export const metricDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['primary', 'secondary', 'guardrail']),
  lowerIsBetter: z.boolean(),
  kind: z.enum(['conversion', 'mean', 'ratio']),
});

export const metricComparisonSchema = z.object({
  metricId: z.string(),
  variantId: z.number().int(),
  estimate: z.number().nullable(),
  interval: interval.nullable(),
  level: probability,
  pValue: probability,
  adjustedPValue: probability,
  significant: z.boolean(),
  direction: z.enum(['better', 'worse']).nullable(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameShapes: [
  Same<z.infer<typeof variantSignificanceSchema>, VariantSignificance>,
  Same<z.infer<typeof srmResultSchema>, SrmResult>,
  Same<z.infer<typeof srmExplanationSchema>, SrmExplanation>,
  Same<z.infer<typeof elementSignificanceSchema>, ElementSignificance>,
  Same<z.infer<typeof verdictSchema>, Verdict>,
  Same<z.infer<typeof metricDefinitionSchema>, MetricDefinition>,
  Same<z.infer<typeof metricComparisonSchema>, MetricComparison>,
] = [true, true, true, true, true, true, true];
void sameShapes;
