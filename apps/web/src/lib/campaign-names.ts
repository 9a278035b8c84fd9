import type { CampaignElement } from '@kindling/domain';

// How screens name a campaign's parts, the same on the campaign page, its results and exports.

/** "Text 1", "Image 2": by type and position in the campaign. */
export const elementName = (element: Pick<CampaignElement, 'type'>, index: number): string =>
  `${element.type === 'image' ? 'Image' : 'Text'} ${index + 1}`;

/** "Variant 1" for the element's first variant. */
export const variantName = (index: number): string => `Variant ${index + 1}`;
