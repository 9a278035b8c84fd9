import { elementLabel, isPageElement, type CampaignElement } from '@kindling/domain';

// How screens name a campaign's parts, the same on the campaign page, its results and exports.

/**
 * What people read for an element picked in the editor ("Button “Sign up” in the
 * navigation"); undefined for elements picked before fingerprints were kept.
 */
export const labelOf = (
  element: Pick<CampaignElement, 'fingerprint'> & { selector?: string },
): string | undefined =>
  isPageElement(element)
    ? 'The whole page'
    : element.fingerprint
      ? elementLabel(element.fingerprint)
      : undefined;

/** The element's label, else "Text 1", "Image 2": by type and position in the campaign. */
export const elementName = (
  element: Pick<CampaignElement, 'type' | 'fingerprint'> & { selector?: string },
  index: number,
): string => labelOf(element) ?? `${element.type === 'image' ? 'Image' : 'Text'} ${index + 1}`;

/** "Variant 1" for the element's first variant. */
export const variantName = (index: number): string => `Variant ${index + 1}`;
