import { z } from 'zod';
import { variantSignificanceSchema } from './stats/significance-schema';

// The answer of POST /api/team/{team}/campaign/stats (docs/api.md): the server builds it with
// these types and the web app parses what it receives with these schemas.

/** The key of the control among an element's arms; variants are keyed by their id. */
export const CONTROL_ARM_KEY = 'control';

const count = z.number().int().min(0);
const armId = z.union([z.literal(CONTROL_ARM_KEY), z.number().int()]);

/** One arm at one funnel step: of those who entered the step, how many reached its goal. */
export const funnelStepArmSchema = z.strictObject({
  id: armId,
  control: z.boolean(),
  /** Exposed visitors for the first step; those who reached the previous step after it. */
  entered: count,
  reached: count,
  /** The step's conversion against the control's; null for the control. */
  significance: variantSignificanceSchema.nullable(),
});
export type FunnelStepArm = z.infer<typeof funnelStepArmSchema>;

export const funnelStepSchema = z.strictObject({
  goalId: z.number().int(),
  /** Keyed as the element's variants: `control`, then variant ids. */
  variants: z.record(z.string(), funnelStepArmSchema),
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const sampleSizeSchema = z.strictObject({
  /** Exposed visitors each arm needs to confirm the observed uplift; null when not estimable. */
  requiredPerArm: count.nullable(),
  /** Exposed visitors of the element's smallest arm in the range. */
  exposedPerArm: count,
  /** At the range's observed exposures per day; 0 when reached; null when not estimable. */
  daysRemaining: z.number().min(0).nullable(),
});
export type SampleSize = z.infer<typeof sampleSizeSchema>;
