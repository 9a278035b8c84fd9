import {
  DEFAULT_LANDING_PAGE_TEMPLATE_ID,
  LANDING_PAGE_TEMPLATE_IDS,
  type LandingPageTemplateId,
} from '@kindling/domain';

/** The three looks of `renderLandingPage`, as the template picker names them. */
export const TEMPLATES: readonly {
  id: LandingPageTemplateId;
  name: string;
  description: string;
}[] = LANDING_PAGE_TEMPLATE_IDS.map((id) => ({
  id,
  ...(
    {
      1: { name: 'Minimal', description: 'Warm paper, serif headline, everything centred' },
      2: { name: 'Spotlight', description: 'Bright hero with the copy beside the picture' },
      3: { name: 'Midnight', description: 'Dark and high-contrast with a warm accent' },
    } as const
  )[id],
}));

export const templateName = (id: LandingPageTemplateId) =>
  TEMPLATES.find((template) => template.id === id)?.name ?? `Template ${id}`;

export const isDefaultTemplate = (id: LandingPageTemplateId) =>
  id === DEFAULT_LANDING_PAGE_TEMPLATE_ID;
