import { z } from 'zod';
import { rowId } from './row-id';
import { VITALS_MAX, VITALS_METRICS, type VitalsMetric } from './web-vitals-limits';

export * from './web-vitals-limits';

// Web Vitals per variant (issue 30): what a sampled page view reports (LCP, CLS, INP), how
// often a campaign samples, and what the campaign stats answer holds of them.

export const VITALS_MESSAGES = {
  lcp: `lcp is the Largest Contentful Paint in milliseconds, a number from 0 to ${VITALS_MAX.lcp}.`,
  cls: `cls is the Cumulative Layout Shift, a number from 0 to ${VITALS_MAX.cls}.`,
  inp: `inp is the Interaction to Next Paint in milliseconds, a number from 0 to ${VITALS_MAX.inp}.`,
  noMetric: 'A vitals event carries at least one of lcp, cls and inp.',
  exposureId: 'exposureId is the id (a UUID) of the exposure event this page view sent.',
  unknownExposure:
    'A vitals event’s exposureId must name an exposure of the same visitor and campaign.',
  sampling: 'Web Vitals sampling is "auto", "off" or a whole percentage from 1 to 100.',
  guardrails: 'Guardrails are a list of "lcp", "cls" and "inp", each at most once.',
  campaignNotFound: 'Campaign not found.',
} as const;

/** One metric's value as a vitals event carries it: finite and within its bounds. */
export const vitalsValueSchema = (metric: VitalsMetric) =>
  z
    .number({ error: VITALS_MESSAGES[metric] })
    .min(0, VITALS_MESSAGES[metric])
    .max(VITALS_MAX[metric], VITALS_MESSAGES[metric]);

// ---- Sampling -------------------------------------------------------------------------------

/** The default rule samples every page view below this many visitors a day, then one in ten. */
export const VITALS_AUTO_VISITORS_PER_DAY = 10_000;
export const VITALS_AUTO_RATES = { below: 1, atOrAbove: 0.1 } as const;

/** "auto" (the rule above), "off", or a fixed percentage of page views. */
export const vitalsSamplingSchema = z.union(
  [
    z.literal('auto'),
    z.literal('off'),
    z
      .number({ error: VITALS_MESSAGES.sampling })
      .int(VITALS_MESSAGES.sampling)
      .min(1, VITALS_MESSAGES.sampling)
      .max(100, VITALS_MESSAGES.sampling),
  ],
  { error: VITALS_MESSAGES.sampling },
);
export type VitalsSampling = z.infer<typeof vitalsSamplingSchema>;

export const vitalsGuardrailsSchema = z
  .array(z.enum(VITALS_METRICS, { error: VITALS_MESSAGES.guardrails }), {
    error: VITALS_MESSAGES.guardrails,
  })
  .max(VITALS_METRICS.length, VITALS_MESSAGES.guardrails)
  .refine((list) => new Set(list).size === list.length, VITALS_MESSAGES.guardrails);

/** A campaign's Web Vitals settings (GET and PUT /api/team/{team}/campaign/vitals). */
export const vitalsSettingsSchema = z.object({
  sampling: vitalsSamplingSchema,
  /** The metrics a variant may not make worse: a harm stops it being called a winner. */
  guardrails: vitalsGuardrailsSchema,
});
export type VitalsSettings = z.infer<typeof vitalsSettingsSchema>;

export const DEFAULT_VITALS_SETTINGS: VitalsSettings = { sampling: 'auto', guardrails: [] };

export const vitalsSettingsInputSchema = vitalsSettingsSchema.extend({
  campaignId: rowId,
});

/**
 * The share of page views (0 to 1) that report Web Vitals for a campaign, or null for none:
 * "auto" samples all of them while the campaign had fewer than 10,000 visitors in the last day,
 * then one in ten (enough for stable percentiles, a tenth of the requests).
 */
export function vitalsRate(sampling: VitalsSampling, visitorsLastDay: number): number | null {
  if (sampling === 'off') return null;
  if (sampling === 'auto') {
    return visitorsLastDay < VITALS_AUTO_VISITORS_PER_DAY
      ? VITALS_AUTO_RATES.below
      : VITALS_AUTO_RATES.atOrAbove;
  }
  return sampling / 100;
}

// ---- The stats answer -----------------------------------------------------------------------

const count = z.number().int().min(0);

export const vitalsFigureSchema = z.object({
  median: z.number().min(0),
  p75: z.number().min(0),
  /** Page views that reported this metric. */
  samples: count,
});
export type VitalsFigure = z.infer<typeof vitalsFigureSchema>;

export const armVitalsSchema = z.object({
  /** Page views that reported any vital for this arm. */
  samples: count,
  lcp: vitalsFigureSchema.nullable(),
  cls: vitalsFigureSchema.nullable(),
  inp: vitalsFigureSchema.nullable(),
});
export type ArmVitals = z.infer<typeof armVitalsSchema>;

export const vitalsHarmSchema = z.object({
  variantId: z.number().int(),
  metric: z.enum(VITALS_METRICS),
  /** The variant's p75 minus the original's (ms for LCP and INP). */
  difference: z.number(),
  /** "Variant 2 makes the page 300 ms slower to paint (LCP p75)". */
  summary: z.string(),
  /** The metric is one of the campaign's guardrails: the verdict takes it into account. */
  guardrail: z.boolean(),
});
export type VitalsHarm = z.infer<typeof vitalsHarmSchema>;

/** An element's Web Vitals over the campaign's life, per arm (`control`, then variant ids). */
export const elementVitalsSchema = z.object({
  variants: z.record(z.string(), armVitalsSchema),
  /** Variants clearly worse than the original on a vital (whether a guardrail or not). */
  harms: z.array(vitalsHarmSchema),
});
export type ElementVitals = z.infer<typeof elementVitalsSchema>;
