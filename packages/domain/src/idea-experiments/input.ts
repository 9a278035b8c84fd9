import { z } from 'zod';
import { CAMPAIGN_LIMITS } from '../constants';
import { landingPageContentSchema, landingPageCtaSchema } from '../landing-pages/content';
import { trimText } from '../text';

// "Test this idea" (issue 18): up to experimentVariantCount variants of a page's headline and
// call to action, run at once as one campaign.

export const EXPERIMENT_VARIANT_COUNT = CAMPAIGN_LIMITS.experimentVariantCount;
export const EXPERIMENT_VIEW_LIMIT = CAMPAIGN_LIMITS.experimentViewLimit;
export const EXPERIMENT_IDEA_MAX_LENGTH = 200;

export const IDEA_EXPERIMENT_MESSAGES = {
  variantsCount: `Please enter 1 to ${EXPERIMENT_VARIANT_COUNT} variants`,
  ideaRequired: 'Please describe the idea in one sentence',
  ideaTooLong: `The idea must be at most ${EXPERIMENT_IDEA_MAX_LENGTH} characters`,
  notPublished: 'Publish the page before testing an idea on it',
  alreadyRunning: 'This page already has an experiment running; stop it before starting another',
  noExperiment: 'This page has no experiment yet',
  notRunning: 'The experiment has already stopped',
} as const;

/** One variant: the headline and the button text, shown together. */
export const experimentVariantSchema = z.object({
  headline: landingPageContentSchema.shape.headline,
  ctaLabel: landingPageCtaSchema.shape.label,
});
export type ExperimentVariant = z.infer<typeof experimentVariantSchema>;

/** POST /api/team/{team}/pages/{id}/experiment. */
export const ideaExperimentInputSchema = z.object({
  variants: z
    .array(experimentVariantSchema, IDEA_EXPERIMENT_MESSAGES.variantsCount)
    .min(1, IDEA_EXPERIMENT_MESSAGES.variantsCount)
    .max(EXPERIMENT_VARIANT_COUNT, IDEA_EXPERIMENT_MESSAGES.variantsCount),
});
export type IdeaExperimentInput = z.infer<typeof ideaExperimentInputSchema>;

/** POST /api/team/{team}/pages/{id}/experiment/suggestions. */
export const ideaSuggestionInputSchema = z.object({
  idea: z
    .string(IDEA_EXPERIMENT_MESSAGES.ideaRequired)
    .overwrite(trimText)
    .min(1, IDEA_EXPERIMENT_MESSAGES.ideaRequired)
    .max(EXPERIMENT_IDEA_MAX_LENGTH, IDEA_EXPERIMENT_MESSAGES.ideaTooLong),
});
export type IdeaSuggestionInput = z.infer<typeof ideaSuggestionInputSchema>;

export const EXPERIMENT_STOP_REASONS = [
  'view_limit',
  'clear_winner',
  'page_unpublished',
  'stopped_by_user',
] as const;
export type ExperimentStopReason = (typeof EXPERIMENT_STOP_REASONS)[number];

export const EXPERIMENT_STOP_REASON_LABELS: Record<ExperimentStopReason, string> = {
  view_limit: `Every variant reached ${EXPERIMENT_VIEW_LIMIT.toLocaleString('en-US')} views`,
  clear_winner: 'An always-valid answer showed early',
  page_unpublished: 'The page was unpublished',
  stopped_by_user: 'Stopped by hand',
};
