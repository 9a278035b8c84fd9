import {
  landingPageContentSchema,
  renderLandingPage,
  type LandingPageContent,
} from '@kindling/domain';
import type { PageFormValues } from './page-form';

/** Shown in the preview in place of a field still empty, so the layout is always the real one. */
export const PREVIEW_PLACEHOLDERS = {
  headline: 'Your headline goes here',
  subheadline: 'One or two sentences that say who it is for and why it matters.',
  ctaLabel: 'Join the waitlist',
  feature: (index: number) => `Feature point ${index + 1}`,
} as const;

const imageUrlOk = (imageUrl: string) =>
  landingPageContentSchema.shape.imageUrl.safeParse(imageUrl).success;

/** The content as typed so far, blanks filled in; an image address that is not valid yet is left out. */
export function previewContent(values: PageFormValues): LandingPageContent {
  const filled = (value: string, placeholder: string) => value.trim() || placeholder;
  const imageUrl = values.imageUrl.trim();
  const logoUrl = values.logoUrl.trim();
  return {
    headline: filled(values.headline, PREVIEW_PLACEHOLDERS.headline),
    subheadline: filled(values.subheadline, PREVIEW_PLACEHOLDERS.subheadline),
    cta: {
      type: values.ctaType,
      label: filled(values.ctaLabel, PREVIEW_PLACEHOLDERS.ctaLabel),
      // The preview's button goes nowhere: a click must not take the frame off the preview.
      ...(values.ctaType === 'link' ? { url: '#' } : {}),
    },
    features: values.features.map((feature, index) =>
      filled(feature, PREVIEW_PLACEHOLDERS.feature(index)),
    ),
    price: values.price.trim() || undefined,
    ...(imageUrl && imageUrlOk(imageUrl) ? { imageUrl } : {}),
    ...(logoUrl && imageUrlOk(logoUrl) ? { logoUrl } : {}),
    ...(values.consent.trim() ? { consent: values.consent.trim() } : {}),
    // The preview's link goes nowhere, as its button: only whether there is one shows.
    ...(values.privacyUrl.trim() ? { privacyUrl: '#' } : {}),
    showBadge: values.showBadge,
  };
}

/**
 * The page exactly as the server renders it (the domain's `renderLandingPage`), without the
 * tracker: the preview counts no visit. The frame is sandboxed without scripts anyway.
 */
export function previewHtml(values: PageFormValues): string {
  return renderLandingPage({
    templateId: values.templateId,
    content: previewContent(values),
    trackerTag: '',
    indexable: false,
    signupAction: '#',
  });
}
