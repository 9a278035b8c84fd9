import { z } from 'zod';
import { FORWARDING_LABELS, type ForwardingLabels } from './analytics-forwarding';

export const FORWARDING_MESSAGES = {
  labels: 'Forward exposures by "ids" or by "names", or choose off (null).',
} as const;

/** The team's setting: off (null), or on with the labels forwarded. */
export const forwardingInputSchema = z.strictObject({
  labels: z
    .enum(FORWARDING_LABELS as [ForwardingLabels, ...ForwardingLabels[]], {
      error: FORWARDING_MESSAGES.labels,
    })
    .nullable(),
});

export type ForwardingInput = z.infer<typeof forwardingInputSchema>;
