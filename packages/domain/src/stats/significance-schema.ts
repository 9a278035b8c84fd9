import { z } from 'zod';
import type { ElementSignificance, VariantSignificance } from './significance';
import type { SrmResult } from './srm';

// The engine's answers as they cross the API: the web app parses them with these schemas.
// The engine itself stays free of zod; the type checks below keep the two in step.

const probability = z.number().min(0).max(1);
const interval = z.tuple([z.number(), z.number()]);

export const variantSignificanceSchema = z.object({
  chanceToBeatControl: probability,
  uplift: z.object({ estimate: z.number(), ci95: interval.nullable() }).nullable(),
  pValue: probability,
  adjustedPValue: probability,
  sequentialCi95: interval.nullable(),
  enoughData: z.boolean(),
});

export const srmResultSchema = z.object({
  statistic: z.number().min(0).nullable(),
  pValue: probability,
  flagged: z.boolean(),
});

export const elementSignificanceSchema = z.object({
  variants: z.array(variantSignificanceSchema),
  srm: srmResultSchema,
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameShapes: [
  Same<z.infer<typeof variantSignificanceSchema>, VariantSignificance>,
  Same<z.infer<typeof srmResultSchema>, SrmResult>,
  Same<z.infer<typeof elementSignificanceSchema>, ElementSignificance>,
] = [true, true, true];
void sameShapes;
