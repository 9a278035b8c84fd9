import {
  DEFAULT_LANDING_PAGE_TEMPLATE_ID,
  landingPageInputSchema,
  LANDING_PAGE_LIMITS,
  slugify,
  type LandingPageContent,
  type LandingPageInput,
  type LandingPageTemplateId,
} from '@kindling/domain';

/** What the page form holds: flat, every field a string the user typed (nothing is lost). */
export interface PageFormValues {
  templateId: LandingPageTemplateId;
  slug: string;
  headline: string;
  subheadline: string;
  ctaType: 'signup' | 'link';
  ctaLabel: string;
  ctaUrl: string;
  features: string[];
  price: string;
  imageUrl: string;
  indexable: boolean;
  logoUrl: string;
  consent: string;
  privacyUrl: string;
  euAudience: boolean;
  showBadge: boolean;
}

/**
 * Errors by the field's path in the API's input, as the server names them too
 * (`slug`, `content.headline`, `content.cta.url`, `content.features.1`, ...).
 */
export type PageFormErrors = Record<string, string>;

export const EMPTY_FEATURES = Array.from({ length: LANDING_PAGE_LIMITS.featureCount }, () => '');

export function emptyPageForm(): PageFormValues {
  return {
    templateId: DEFAULT_LANDING_PAGE_TEMPLATE_ID,
    slug: '',
    headline: '',
    subheadline: '',
    ctaType: 'signup',
    ctaLabel: 'Join the waitlist',
    ctaUrl: '',
    features: [...EMPTY_FEATURES],
    price: '',
    imageUrl: '',
    indexable: false,
    logoUrl: '',
    consent: '',
    privacyUrl: '',
    euAudience: false,
    showBadge: true,
  };
}

export function pageFormFrom(page: {
  templateId: LandingPageTemplateId;
  slug: string;
  content: LandingPageContent;
  indexable: boolean;
}): PageFormValues {
  const { content } = page;
  return {
    templateId: page.templateId,
    slug: page.slug,
    headline: content.headline,
    subheadline: content.subheadline,
    ctaType: content.cta.type,
    ctaLabel: content.cta.label,
    ctaUrl: content.cta.url ?? '',
    features: EMPTY_FEATURES.map((_, index) => content.features[index] ?? ''),
    price: content.price ?? '',
    imageUrl: content.imageUrl ?? '',
    indexable: page.indexable,
    logoUrl: content.logoUrl ?? '',
    consent: content.consent ?? '',
    privacyUrl: content.privacyUrl ?? '',
    euAudience: content.euAudience ?? false,
    showBadge: content.showBadge ?? true,
  };
}

/** Logo, consent line, privacy policy, EU audience and footer badge: blanks and defaults left out. */
function trustInput(values: PageFormValues) {
  const logoUrl = values.logoUrl.trim();
  const privacyUrl = values.privacyUrl.trim();
  return {
    ...(logoUrl ? { logoUrl } : {}),
    ...(values.consent.trim() ? { consent: values.consent } : {}),
    ...(privacyUrl ? { privacyUrl } : {}),
    // Sent only when they differ from what an unset one means (no EU audience, badge shown).
    ...(values.euAudience ? { euAudience: true } : {}),
    ...(values.showBadge ? {} : { showBadge: false }),
  };
}

/** The request body before the schema: blank optional addresses are left out, not sent empty. */
function rawInput(values: PageFormValues) {
  const ctaUrl = values.ctaUrl.trim();
  const imageUrl = values.imageUrl.trim();
  return {
    templateId: values.templateId,
    slug: values.slug,
    indexable: values.indexable,
    content: {
      headline: values.headline,
      subheadline: values.subheadline,
      cta: {
        type: values.ctaType,
        label: values.ctaLabel,
        // A link's address only: a sign-up form has none (it is kept in the form if switched back).
        ...(values.ctaType === 'link' && ctaUrl ? { url: ctaUrl } : {}),
      },
      features: values.features,
      ...(values.price.trim() ? { price: values.price } : {}),
      ...(imageUrl ? { imageUrl } : {}),
      ...trustInput(values),
    },
  };
}

export type PageFormCheck =
  { ok: true; input: LandingPageInput } | { ok: false; errors: PageFormErrors };

/** The server's own schema (`landingPageInputSchema`), so the messages are the server's too. */
export function checkPageForm(values: PageFormValues): PageFormCheck {
  const result = landingPageInputSchema.safeParse(rawInput(values));
  if (result.success) return { ok: true, input: result.data };
  const errors: PageFormErrors = {};
  for (const issue of result.error.issues) {
    errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Every field the form shows an error next to. */
export const PAGE_FORM_FIELDS = [
  'templateId',
  'slug',
  'indexable',
  'content.headline',
  'content.subheadline',
  'content.cta.type',
  'content.cta.label',
  'content.cta.url',
  'content.features',
  ...EMPTY_FEATURES.map((_, index) => `content.features.${index}`),
  'content.price',
  'content.imageUrl',
  'content.logoUrl',
  'content.consent',
  'content.privacyUrl',
] as const;

/**
 * A server refusal split into messages shown next to their fields and the rest (shown on the
 * form), so nothing the server says is dropped.
 */
export function splitServerErrors(fields: Record<string, string>): {
  errors: PageFormErrors;
  unmatched: string[];
} {
  const known: readonly string[] = PAGE_FORM_FIELDS;
  const errors: PageFormErrors = {};
  const unmatched: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    if (known.includes(field)) errors[field] = message;
    else unmatched.push(message);
  }
  return { errors, unmatched };
}

/** While the slug has not been typed by hand, it follows the headline. */
export function suggestedSlug(headline: string): string {
  return headline.trim() ? slugify(headline) : '';
}
