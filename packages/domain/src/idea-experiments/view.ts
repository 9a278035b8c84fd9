import { z } from 'zod';
import { verdictSchema } from '../stats/significance-schema';
import { trafficConcentrationSchema } from '../traffic-concentration';
import { EXPERIMENT_STOP_REASONS } from './input';

// GET /api/team/{team}/pages/{id}/experiment and the answers of start and stop.

export const experimentArmViewSchema = z.object({
  /** "Original", "Variant 1", ... */
  label: z.string(),
  /** The campaign's variant on the headline; null for the original. */
  variantId: z.number().int().nullable(),
  headline: z.string(),
  ctaLabel: z.string(),
  views: z.number(),
  visitors: z.number(),
  signups: z.number(),
  /** Sign-ups per visitor. */
  rate: z.number(),
  /** P(this arm has the highest sign-up rate); the screen shows the verdict instead. */
  chanceBest: z.number(),
});
export type ExperimentArmView = z.infer<typeof experimentArmViewSchema>;

export const ideaExperimentViewSchema = z.object({
  id: z.number(),
  pageId: z.number(),
  campaignId: z.number(),
  status: z.enum(['running', 'stopped']),
  stopReason: z.enum(EXPERIMENT_STOP_REASONS).nullable(),
  stopReasonText: z.string().nullable(),
  viewLimit: z.number(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  arms: z.array(experimentArmViewSchema),
  /**
   * The campaign's verdict on the headline (the results page's, packages/domain
   * stats/verdict.ts): running, over the campaign's life; stopped, as it stood at the stop.
   */
  verdict: verdictSchema,
  /** The campaign's counted traffic by client address; concentrated: no automatic stop. */
  traffic: trafficConcentrationSchema,
});
export type IdeaExperimentView = z.infer<typeof ideaExperimentViewSchema>;

/** POST /api/team/{team}/pages/{id}/experiment/suggestions. */
export const ideaSuggestionsViewSchema = z.object({
  variants: z.array(z.object({ headline: z.string(), ctaLabel: z.string() })),
  offline: z.boolean(),
});
export type IdeaSuggestionsView = z.infer<typeof ideaSuggestionsViewSchema>;
