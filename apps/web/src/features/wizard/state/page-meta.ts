import {
  campaignNameSchema,
  campaignPageSchema,
  pageMetaSchema,
  validateField,
  type CampaignMeta,
  type PageMeta,
} from '@kindling/domain';
import type { WizardState } from './wizard-types';

// Spec sections 3 and 5: the page meta the preview reports is kept in the campaign's meta
// (saved with it, refreshed on every later editor load), and the campaign form validation runs
// when it arrives.

const PAGE_FIELDS = [...Object.keys(pageMetaSchema.shape), 'favicon'];

/** The fresh page meta in place of the old; the stored favicon stays while its address does. */
export function mergePageMeta(meta: CampaignMeta, page: PageMeta): CampaignMeta {
  const kept = Object.fromEntries(
    Object.entries(meta).filter(([key]) => !PAGE_FIELDS.includes(key)),
  );
  const favicon = meta.favicon && meta.faviconUrl === page.faviconUrl ? meta.favicon : undefined;
  return { ...kept, ...page, ...(favicon ? { favicon } : {}) };
}

/** The URL field's message for this page meta (e.g. a redirect), undefined when fine. */
export const pageMetaError = (ingestedUrl: string, page: PageMeta): string | undefined =>
  validateField(campaignPageSchema, 'ingestedUrl', { ingestedUrl, meta: page })?.message;

/** A new campaign without a typed name takes the page's title, when it makes a valid name. */
function nameFromTitle(state: WizardState, page: PageMeta): string {
  const { name } = state.settings;
  if (state.mode !== 'create' || name.trim() !== '' || !page.title) return name;
  const parsed = campaignNameSchema.safeParse(page.title);
  return parsed.success ? parsed.data : name;
}

export function withPageMeta(state: WizardState, page: PageMeta): WizardState {
  return {
    ...state,
    meta: mergePageMeta(state.meta, page),
    pageMetaError: pageMetaError(state.ingestedUrl, page),
    settings: { ...state.settings, name: nameFromTitle(state, page) },
  };
}
