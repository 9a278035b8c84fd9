// Business constants and limits from spec section 9 (plus the few enumerations of
// sections 2 and 3 that both the web app and the server need).

// Variants, goals, uploads
export const MAX_DRAFT_VARIANTS = 5;
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
export const MAX_GOALS = 5;

// AI generation
export const INITIAL_TEXT_VARIANTS = 3;
export const ADD_AI_VARIANTS = 1;
export const POOL_REFILL_SIZE = 10;
export const POOL_NO_REFILL_WAIT_MS = 500;
export const IMAGE_SUGGESTIONS = 4;
export const IMAGE_SUGGESTION_PHASE_MS = 30_000;
export const GENERATE_IMAGE_COUNT = 4;
/** The generate-image panel asks for images with ids 0..3. */
export const GENERATE_IMAGE_IDS = [0, 1, 2, 3] as const;
export const GENERATE_IMAGE_PHASE_MS = 20_000;
export const DEFAULT_IMAGE_TYPE = 'photo';
/**
 * Tones offered in the element editor. The request's tone is free text (spec section 3);
 * the offline provider reads anything else, or nothing, as DEFAULT_TEXT_TONE.
 */
export const TEXT_TONES = ['professional', 'friendly', 'bold', 'playful', 'urgent'] as const;
export type TextTone = (typeof TEXT_TONES)[number];
export const DEFAULT_TEXT_TONE: TextTone = 'professional';

// Colour swatches
export const SWATCH_TEXT_LIMIT = 5;
export const SWATCH_TOTAL = 8;

// Campaign
export const CAMPAIGN_LIMITS = {
  experimentViewLimit: 1000,
  experimentVariantCount: 5,
  experimentTemplateId: 2,
  nameMaxLength: 255,
  descriptionMaxLength: 2000,
  maxTrafficAllocation: 90,
  defaultTrafficAllocation: 100,
} as const;

/** How long an invitation link works; the owner can send a new one from Team members. */
export const INVITE_LINK_DAYS = 7;

// Statistics
export const NOT_ENOUGH_DATA_VIEWS = 100;
export const CACHED_IMAGE_VARIANT_SIZE = { width: 600, height: 336 } as const;
export const DEMO_DATA_END_DATE = '1999-12-31';
export const CONVERSION_WINDOW_MS = 604_800_000;

export const GRANULARITIES = [
  'hour',
  'quarterDay',
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const;
export type Granularity = (typeof GRANULARITIES)[number];
/** QuarterDay buckets are 6-hour blocks: 00-05, 06-11, 12-17, 18-23. */
export const QUARTER_DAY_HOURS = 6;
/** Weeks start on Monday (0 = Sunday, 1 = Monday, as in Date#getDay). */
export const WEEK_STARTS_ON = 1;

export const METRIC_MODES = ['cumulative', 'discrete'] as const;
export type MetricMode = (typeof METRIC_MODES)[number];
export const METRIC_KINDS = ['improvement', 'actual', 'original'] as const;
export type MetricKind = (typeof METRIC_KINDS)[number];
export const COUNT_KINDS = ['views', 'visitors', 'sessions'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export const CHART_LABEL_FORMATS = { hourly: 'h:mm a', other: 'M/d' } as const;
export const DEFAULT_CHART_COLOR = 'rgba(1,97,157,1)';
export const CHART_FILL_ALPHA = { from: 0.05, to: 0.5 } as const;

// Billing
export const TRIAL_DAYS = 30;
/** Prices are shown in this currency unless BILLING_CURRENCY says otherwise. */
export const DEFAULT_BILLING_CURRENCY = 'USD';
export const PLAN_TIERS = ['starter', 'standard', 'business'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const PLAN_PRICES = {
  starter: { monthly: 299, yearly: 249 },
  standard: { monthly: 599, yearly: 499 },
  business: { monthly: 1199, yearly: 999 },
} as const satisfies Record<PlanTier, { monthly: number; yearly: number }>;

// Accounts and sessions
export const PASSWORD_SALT_ROUNDS = 10;
export const SESSION_DURATION_SECONDS = 86_400;
/** A guest session (GUEST_ACCESS, "Try without signing up") ends after two hours. */
export const GUEST_SESSION_SECONDS = 7_200;

// Paging and caching
export const PAGE_SIZE = 30;
export const PAGE_BLOCKS = 5;
export const API_CACHE_SECONDS = 3600;
/** Also used for the waitlist cache. */
export const USER_CONTEXT_CACHE_SECONDS = 86_400;
export const WAITLIST_CACHE_SECONDS = USER_CONTEXT_CACHE_SECONDS;

// Interface
export const CONFIRM_DIALOG_WIDTH_PX = 520;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const CAROUSEL_AUTOPLAY_MS = 3000;

// Logging
export const LOG_STRING_LIMIT = 1000;
export const LOG_DEPTH_LIMIT = 10;
/** In the logged-categories allow/deny list, "*" matches every category. */
export const LOG_CATEGORY_WILDCARD = '*';

// Real-time client. Kept for completeness: our graphql-ws endpoint has no region
// and authenticates with a user token or team API key (see ARCHITECTURE.md).
export const REALTIME_CLIENT_DEFAULTS = { region: 'us-east-1', authMode: 'apiKey' } as const;

// Preview frame
export const CONTEXT_REQUEST_TIMEOUT_MS = 20_000;
/** The preview error is reported to the server when the error count reaches this. */
export const PREVIEW_ERROR_REPORT_COUNT = 2;

// Feature flags (spec sections 3 and 6)
export const FEATURE_FLAGS = [
  'campaign_date_compare',
  'calendar',
  'view_variant',
  'variant_advanced_mode',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

// Wizard steps in order (spec section 2); the array index is the step index.
export const WIZARD_STEPS = [
  'ChooseURL',
  'ClosePopups',
  'EditElements',
  'EditGoals',
  'CampaignTypeSelection',
  'Settings',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Each step's name, in the stepper and where a draft was left. */
export const WIZARD_STEP_LABELS: Record<WizardStep, string> = {
  ChooseURL: 'Choose page',
  ClosePopups: 'Close pop-ups',
  EditElements: 'Edit elements',
  EditGoals: 'Goals',
  CampaignTypeSelection: 'Campaign type',
  Settings: 'Settings',
};

// Locally stored flags (spec section 3)
export const STORED_FLAGS = {
  hasSeenModeHelp: { type: 'campaign', version: 1 },
} as const;

// Intro survey defaults (spec section 3): INTRO_SURVEY_DEFAULTS in intro-survey.ts, beside its schema.
