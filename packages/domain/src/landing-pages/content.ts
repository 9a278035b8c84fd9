import { z } from 'zod';
import { CAMPAIGN_LIMITS } from '../constants';
import { ACCOUNT_MESSAGES, emailSchema } from '../accounts';
import { isAllowedHtmlUrl } from '../html-policy';
import { isValidSlug, SLUG_MAX_LENGTH } from '../slug';
import { trimText } from '../text';

// Burner landing pages (issue 18): structured content only, never HTML from the user. The
// renderer escapes every field; these limits keep a page readable and its HTML small.

export const LANDING_PAGE_LIMITS = {
  headline: 90,
  subheadline: 200,
  ctaLabel: 40,
  url: 2048,
  feature: 120,
  featureCount: 3,
  price: 40,
  consent: 300,
} as const;

export const LANDING_PAGE_TEMPLATE_IDS = [1, 2, 3] as const;
export type LandingPageTemplateId = (typeof LANDING_PAGE_TEMPLATE_IDS)[number];
/** Spec section 9: `experimentTemplateId`. */
export const DEFAULT_LANDING_PAGE_TEMPLATE_ID = CAMPAIGN_LIMITS.experimentTemplateId;

/** The hidden field people never see or fill; a bot that fills it is refused. */
export const LANDING_PAGE_HONEYPOT_FIELD = 'website';

export const LANDING_PAGE_MESSAGES = {
  headlineRequired: 'Please enter a headline',
  headlineTooLong: `Headline must be at most ${LANDING_PAGE_LIMITS.headline} characters`,
  subheadlineRequired: 'Please enter a sub-headline',
  subheadlineTooLong: `Sub-headline must be at most ${LANDING_PAGE_LIMITS.subheadline} characters`,
  ctaType: 'The call to action is either "signup" or "link"',
  ctaLabelRequired: 'Please enter the button text',
  ctaLabelTooLong: `Button text must be at most ${LANDING_PAGE_LIMITS.ctaLabel} characters`,
  ctaUrlRequired: 'A link button needs an address such as https://example.com',
  ctaUrl: 'The button address must start with https://, http://, mailto: or tel:',
  featuresCount: `Please enter exactly ${LANDING_PAGE_LIMITS.featureCount} feature points`,
  featureRequired: 'Please enter a feature point',
  featureTooLong: `Feature points must be at most ${LANDING_PAGE_LIMITS.feature} characters`,
  priceTooLong: `Price must be at most ${LANDING_PAGE_LIMITS.price} characters`,
  imageUrl: 'The image address must start with https:// or http://',
  logoUrl: 'The logo address must start with https:// or http://',
  consentTooLong: `The consent line must be at most ${LANDING_PAGE_LIMITS.consent} characters`,
  privacyUrl: 'The privacy-policy address must start with https:// or http://',
  privacyUrlRequired:
    'A sign-up form for an audience in the EU needs a link to your privacy policy (GDPR)',
  slug: `The page address must be lower-case letters and digits separated by single dashes, at most ${SLUG_MAX_LENGTH} characters`,
  slugTaken: 'Your team already has a page at this address',
  templateId: `Template must be one of ${LANDING_PAGE_TEMPLATE_IDS.join(', ')}`,
  notFound: 'Page not found',
  honeypot: 'This sign-up was refused.',
} as const;

const M = LANDING_PAGE_MESSAGES;

const text = (max: number, required: string, tooLong: string) =>
  z.string(required).overwrite(trimText).min(1, required).max(max, tooLong);

const absoluteUrl = (value: string, schemes: RegExp) => {
  if (!schemes.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

const ctaUrlSchema = z
  .string(M.ctaUrl)
  .trim()
  .max(LANDING_PAGE_LIMITS.url, M.ctaUrl)
  .refine(
    (value) =>
      absoluteUrl(value, /^(https?:\/\/|mailto:|tel:)/i) && isAllowedHtmlUrl(value, 'link'),
    M.ctaUrl,
  );

const imageUrlSchema = z
  .string(M.imageUrl)
  .trim()
  .max(LANDING_PAGE_LIMITS.url, M.imageUrl)
  .refine(
    (value) => absoluteUrl(value, /^https?:\/\//i) && isAllowedHtmlUrl(value, 'image'),
    M.imageUrl,
  );

export const landingPageCtaSchema = z
  .object({
    type: z.enum(['signup', 'link'], M.ctaType),
    label: text(LANDING_PAGE_LIMITS.ctaLabel, M.ctaLabelRequired, M.ctaLabelTooLong),
    url: ctaUrlSchema.optional(),
  })
  .superRefine((cta, context) => {
    if (cta.type === 'link' && !cta.url) {
      context.addIssue({ code: 'custom', path: ['url'], message: M.ctaUrlRequired });
    }
  });

/** An http(s) address of a page or an image, or nothing: blank counts as not given. */
const optionalAddress = (message: string, kind: 'link' | 'image') =>
  z
    .string(message)
    .trim()
    .max(LANDING_PAGE_LIMITS.url, message)
    .refine(
      (value) =>
        value === '' || (absoluteUrl(value, /^https?:\/\//i) && isAllowedHtmlUrl(value, kind)),
      message,
    )
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/** Said under the e-mail field when the page gives no consent line of its own. */
export const DEFAULT_LANDING_PAGE_CONSENT =
  'We use your e-mail address only to tell you about this. Unsubscribe any time.';

export const landingPageContentSchema = z
  .object({
    headline: text(LANDING_PAGE_LIMITS.headline, M.headlineRequired, M.headlineTooLong),
    subheadline: text(LANDING_PAGE_LIMITS.subheadline, M.subheadlineRequired, M.subheadlineTooLong),
    cta: landingPageCtaSchema,
    features: z
      .array(
        text(LANDING_PAGE_LIMITS.feature, M.featureRequired, M.featureTooLong),
        M.featuresCount,
      )
      .length(LANDING_PAGE_LIMITS.featureCount, M.featuresCount),
    price: z
      .string(M.priceTooLong)
      .overwrite(trimText)
      .max(LANDING_PAGE_LIMITS.price, M.priceTooLong)
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
    imageUrl: imageUrlSchema.optional(),
    /** A logo over the headline (issue 35). */
    logoUrl: optionalAddress(M.logoUrl, 'image'),
    /** The line under the e-mail field; unset: DEFAULT_LANDING_PAGE_CONSENT. */
    consent: z
      .string(M.consentTooLong)
      .overwrite(trimText)
      .max(LANDING_PAGE_LIMITS.consent, M.consentTooLong)
      .transform((value) => (value === '' ? undefined : value))
      .optional(),
    privacyUrl: optionalAddress(M.privacyUrl, 'link'),
    /** The team says its visitors are in the EU: a sign-up form then needs a privacy policy. */
    euAudience: z.boolean().optional(),
    /** "Made with Kindling" in the footer (unset: shown); a team may leave it out. */
    showBadge: z.boolean().optional(),
  })
  .superRefine((content, context) => {
    if (content.euAudience && content.cta.type === 'signup' && !content.privacyUrl) {
      context.addIssue({ code: 'custom', path: ['privacyUrl'], message: M.privacyUrlRequired });
    }
  });
export type LandingPageContent = z.infer<typeof landingPageContentSchema>;

export const landingPageSlugSchema = z
  .string(M.slug)
  .trim()
  .refine((value) => isValidSlug(value), M.slug);

export const landingPageTemplateIdSchema = z.union(
  LANDING_PAGE_TEMPLATE_IDS.map((id) => z.literal(id)),
  M.templateId,
);

/** POST /api/team/{team}/pages and PUT /pages/{id}: the whole page. */
export const landingPageInputSchema = z.object({
  templateId: landingPageTemplateIdSchema.default(DEFAULT_LANDING_PAGE_TEMPLATE_ID),
  slug: landingPageSlugSchema,
  content: landingPageContentSchema,
  /** Search engines may list the page; off by default (a burner page is an experiment). */
  indexable: z.boolean().default(false),
});
export type LandingPageInput = z.infer<typeof landingPageInputSchema>;

/** POST /p/{team}/{slug}/signup, as JSON or a form post. */
export const landingPageSignupSchema = z.object({
  email: z.string(ACCOUNT_MESSAGES.email).pipe(emailSchema),
  [LANDING_PAGE_HONEYPOT_FIELD]: z.string().max(2048).optional(),
});
