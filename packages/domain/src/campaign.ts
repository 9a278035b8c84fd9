import { z } from 'zod';
import { rowId } from './row-id';
import { campaignEndSchema } from './campaign-end';
import { campaignScheduleSchema } from './schedule';
import { campaignFormSchema, ingestedUrlSchemaFor } from './campaign-form';
import { CAMPAIGN_LIMITS, MAX_GOALS } from './constants';
import { elementSchema } from './element-schema';
import { goalSchema, goalSchemaFor } from './goal-schema';
import { extraMetricListSchema, storedExtraMetricSchema } from './campaign-metrics';
import { GOAL_MESSAGES } from './goals';
import { baseMetricsSchema, campaignMetricsSchema } from './metrics-schema';
import { faviconDataUrlSchema, pageMetaSchema } from './page-meta';
import { popupClicksSchema } from './popup-clicks';
import {
  DEFAULT_MINIMUM_DETECTABLE_EFFECT,
  MAX_MINIMUM_DETECTABLE_EFFECT,
  MIN_MINIMUM_DETECTABLE_EFFECT,
} from './stats/plan';
import { testMethodSchema } from './stats/significance-schema';

// Campaign entity (spec section 3) and the bodies of POST /create and POST /save.

export const CAMPAIGN_TYPES = ['ab_split', 'multi_armed_bandit'] as const;
export const campaignTypeSchema = z.enum(CAMPAIGN_TYPES);
export type CampaignType = z.infer<typeof campaignTypeSchema>;
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = {
  ab_split: 'A/B split',
  multi_armed_bandit: 'Multi-armed bandit',
};

export const CAMPAIGN_INPUT_MESSAGES = {
  trafficAllocation: 'Traffic allocation must be between 1 and 100',
  minimumDetectableEffect: `The minimum detectable effect must be between ${MIN_MINIMUM_DETECTABLE_EFFECT * 100}% and ${MAX_MINIMUM_DETECTABLE_EFFECT * 100}%`,
  methodLocked:
    'The test method can only change before the campaign has visitors: a fixed-horizon test chosen after looking at the results is no longer valid.',
  tooManyGoals: GOAL_MESSAGES.tooManyGoals,
  autoStop: 'autoStop must be true or false',
} as const;

export const thumbnailSchema = z.object({ small: z.string(), large: z.string() }).nullable();
export type Thumbnail = z.infer<typeof thumbnailSchema>;

export const autoGenerationEntrySchema = z.object({
  /** e.g. "decisive" */
  type: z.string(),
  element: z.unknown().optional(),
});

export const autoGenerationStatusSchema = z.object({
  autoGenerationRequired: z.boolean(),
  reason: z
    .object({
      /** e.g. "winners" */
      type: z.string(),
      /** Keyed by element id. */
      elements: z.record(z.string(), autoGenerationEntrySchema).default({}),
    })
    .nullish(),
});
export type AutoGenerationStatus = z.infer<typeof autoGenerationStatusSchema>;

/**
 * Page metadata, including title and stats (page-meta.ts, refreshed whenever the editor loads
 * the page), the favicon stored as a data: address, and the clicks that close the page's
 * pop-ups. Other keys are kept as they are.
 */
export const campaignMetaSchema = z.looseObject({
  popupClicks: popupClicksSchema.optional(),
  ...pageMetaSchema.partial().shape,
  favicon: faviconDataUrlSchema.optional(),
  /** Every element draws the first element's arm position (an idea experiment, issue 18). */
  linkedElements: z.boolean().optional(),
});
export type CampaignMeta = z.infer<typeof campaignMetaSchema>;

export const trafficAllocationSchema = z
  .number({ error: CAMPAIGN_INPUT_MESSAGES.trafficAllocation })
  .int({ error: CAMPAIGN_INPUT_MESSAGES.trafficAllocation })
  .min(1, { error: CAMPAIGN_INPUT_MESSAGES.trafficAllocation })
  .max(100, { error: CAMPAIGN_INPUT_MESSAGES.trafficAllocation });

/** The relative change worth detecting: 0.1 means 10%. */
export const minimumDetectableEffectSchema = z
  .number({ error: CAMPAIGN_INPUT_MESSAGES.minimumDetectableEffect })
  .min(MIN_MINIMUM_DETECTABLE_EFFECT, { error: CAMPAIGN_INPUT_MESSAGES.minimumDetectableEffect })
  .max(MAX_MINIMUM_DETECTABLE_EFFECT, { error: CAMPAIGN_INPUT_MESSAGES.minimumDetectableEffect });

/** Body of POST /create: the campaign form plus the campaign settings. */
export const campaignInputSchema = campaignFormSchema.extend({
  type: campaignTypeSchema.default('ab_split'),
  meta: campaignMetaSchema.optional(),
  thumbnail: thumbnailSchema.optional(),
  exclusiveAudienceMode: z.boolean().default(false),
  trafficAllocation: trafficAllocationSchema.default(CAMPAIGN_LIMITS.defaultTrafficAllocation),
  isEnabled: z.boolean().default(true),
  elements: z.array(elementSchema).default([]),
  goals: z
    .array(goalSchema)
    .max(MAX_GOALS, { error: CAMPAIGN_INPUT_MESSAGES.tooManyGoals })
    .default([]),
  autoGenerationStatus: autoGenerationStatusSchema.nullish(),
  /** Left out: sequential on create, unchanged on save. */
  statsMethod: testMethodSchema.optional(),
  /** Left out: 10% on create, unchanged on save. */
  minimumDetectableEffect: minimumDetectableEffectSchema.optional(),
  /**
   * Switch the campaign off by itself once it has its answer (docs/statistics.md, "Auto-stop").
   * Left out: off on create, unchanged on save.
   */
  autoStop: z.boolean({ error: CAMPAIGN_INPUT_MESSAGES.autoStop }).optional(),
  /**
   * Revenue and per-session metrics; a goal named by its id in `goals` (a new goal's
   * placeholder too). Left out: none on create, unchanged on save.
   */
  extraMetrics: extraMetricListSchema.optional(),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;

/** Body of POST /save. */
export const campaignSaveSchema = campaignInputSchema.extend({
  id: rowId,
});
export type CampaignSave = z.infer<typeof campaignSaveSchema>;

/**
 * The campaign bodies with the app's own published pages (under `ownPagesOrigin`) accepted as
 * page and goal addresses too, wherever the app runs (issue 18). Same fields and messages.
 */
export function campaignSchemasFor(ownPagesOrigin: string | null | undefined) {
  const urls = {
    ingestedUrl: ingestedUrlSchemaFor(ownPagesOrigin),
    goals: z
      .array(goalSchemaFor(ownPagesOrigin))
      .max(MAX_GOALS, { error: CAMPAIGN_INPUT_MESSAGES.tooManyGoals })
      .default([]),
  };
  return {
    input: campaignInputSchema.extend(urls),
    save: campaignSaveSchema.extend(urls),
  };
}

const timestamp = z.iso.datetime({ offset: true });
const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/** A saved campaign as returned by the API. */
export const campaignSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: nullableText,
  type: campaignTypeSchema,
  ingestedUrl: z.string(),
  meta: campaignMetaSchema.default({}),
  thumbnail: thumbnailSchema.default(null),
  exclusiveAudienceMode: z.boolean(),
  trafficAllocation: z.number().int(),
  isEnabled: z.boolean(),
  /** Generated demo statistics (spec section 9): shown like real ones, never tracked. */
  isDemo: z.boolean().default(false),
  elements: z.array(elementSchema),
  goals: z.array(goalSchema),
  /** Revenue and per-session metrics, secondary or guardrail (PUT /campaign/metrics). */
  extraMetrics: z.array(storedExtraMetricSchema).default([]),
  metrics: campaignMetricsSchema.nullable().default(null),
  benchmark: baseMetricsSchema.nullable().default(null),
  autoGenerationStatus: autoGenerationStatusSchema.nullable().default(null),
  statsMethod: testMethodSchema.default('sequential'),
  minimumDetectableEffect: z.number().default(DEFAULT_MINIMUM_DETECTABLE_EFFECT),
  /** Switched off by itself once answered (docs/statistics.md, "Auto-stop"). */
  autoStop: z.boolean().default(false),
  /** When auto-stop switched it off; null while it has not. */
  autoStoppedAt: timestamp.nullable().default(null),
  /**
   * The test's end and what it rolled out (POST /campaign/end); null while it runs. The server
   * always sends it; optional in the type, as for a campaign built in the app before it is saved.
   */
  end: campaignEndSchema.nullish(),
  /** Hidden from the default list while set (POST /campaign/archive). */
  archivedAt: timestamp.nullish(),
  /** Start at / stop at and what the worker did (PUT /campaign/schedule); the server sends it. */
  schedule: campaignScheduleSchema.nullish(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Campaign = z.infer<typeof campaignSchema>;

/** One row of the campaign list (GET /by-team). */
export const campaignSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: nullableText,
  type: campaignTypeSchema,
  ingestedUrl: z.string(),
  thumbnail: thumbnailSchema.default(null),
  /** The page's title and favicon from its meta (pageIdentity falls back to the host). */
  pageTitle: z.string().nullable().default(null),
  favicon: faviconDataUrlSchema.nullable().default(null),
  isEnabled: z.boolean(),
  trafficAllocation: z.number().int(),
  isDemo: z.boolean().default(false),
  elementCount: z.number().int().nonnegative(),
  variantCount: z.number().int().nonnegative(),
  goalCount: z.number().int().nonnegative(),
  metrics: campaignMetricsSchema.nullable().default(null),
  /** When the test was ended; null while it runs. */
  endedAt: timestamp.nullable().default(null),
  archivedAt: timestamp.nullable().default(null),
  schedule: campaignScheduleSchema.nullish(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;
