import { isAllowedHtmlUrl } from './html-policy';

// Link and attribute changes of a variant (issue 32): a button's address, an image's alternative
// text, a field's placeholder. Text a person reads or a screen reader says, and a link under the
// HTML policy's link rule; never an event handler, a style or any other address.

/** The attributes a variant may set, with the label the editor gives each. */
export const VARIANT_ATTRIBUTES = ['title', 'alt', 'placeholder', 'aria-label'] as const;
export type VariantAttribute = (typeof VARIANT_ATTRIBUTES)[number];
export const VARIANT_ATTRIBUTE_LABELS: Record<VariantAttribute, string> = {
  title: 'Title (tooltip)',
  alt: 'Alternative text',
  placeholder: 'Placeholder',
  'aria-label': 'Accessible name',
};

export const VARIANT_LINK_MAX_LENGTH = 2048;
export const VARIANT_ATTRIBUTE_MAX_LENGTH = 500;

export const ELEMENT_CHANGE_MESSAGES = {
  link: 'A link address starts with http://, https://, mailto: or tel:, or is a path on the site (/pricing).',
  linkLength: `A link address is at most ${VARIANT_LINK_MAX_LENGTH} characters.`,
  attributeLength: `An attribute value is at most ${VARIANT_ATTRIBUTE_MAX_LENGTH} characters.`,
  attributeName: `A variant may set only these attributes: ${VARIANT_ATTRIBUTES.join(', ')}.`,
} as const;

/** True for an address a variant's link may take: the HTML policy's link rule, not blank. */
export const isVariantLink = (href: string): boolean =>
  href.trim() !== '' && isAllowedHtmlUrl(href, 'link');

/** Why a link address is refused, or undefined. */
export function variantLinkProblem(href: string): string | undefined {
  if (href.length > VARIANT_LINK_MAX_LENGTH) return ELEMENT_CHANGE_MESSAGES.linkLength;
  return isVariantLink(href) ? undefined : ELEMENT_CHANGE_MESSAGES.link;
}
