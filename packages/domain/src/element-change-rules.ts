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

/** Where an inserted block goes: next to the element, before or after it. */
export const VARIANT_INSERT_POSITIONS = ['before', 'after'] as const;
export type VariantInsertPosition = (typeof VARIANT_INSERT_POSITIONS)[number];
export const VARIANT_INSERT_POSITION_LABELS: Record<VariantInsertPosition, string> = {
  before: 'Before the element',
  after: 'After the element',
};
export const VARIANT_INSERT_MAX_LENGTH = 20_000;
/**
 * The element an inserted block lives in (`display: contents`, so the page lays out the block as
 * if it were inserted bare): the runtime finds its own block by it, and never inserts it twice.
 */
export const INSERT_TAG = 'kindling-insert';

export const VARIANT_LINK_MAX_LENGTH = 2048;
export const VARIANT_ATTRIBUTE_MAX_LENGTH = 500;

export const ELEMENT_CHANGE_MESSAGES = {
  link: 'A link address starts with http://, https://, mailto: or tel:, or is a path on the site (/pricing).',
  linkLength: `A link address is at most ${VARIANT_LINK_MAX_LENGTH} characters.`,
  attributeLength: `An attribute value is at most ${VARIANT_ATTRIBUTE_MAX_LENGTH} characters.`,
  attributeName: `A variant may set only these attributes: ${VARIANT_ATTRIBUTES.join(', ')}.`,
  insertPosition: 'An inserted block goes before or after the element.',
  insertEmpty: 'Write the HTML of the block to insert.',
  // Written out: a method call here would keep this object in every tracker bundle.
  insertLength: 'An inserted block is at most 20,000 characters of HTML.',
} as const;

/** True for an address a variant's link may take: the HTML policy's link rule, not blank. */
export const isVariantLink = (href: string): boolean =>
  href.trim() !== '' && isAllowedHtmlUrl(href, 'link');

/** Why a link address is refused, or undefined. */
export function variantLinkProblem(href: string): string | undefined {
  if (href.length > VARIANT_LINK_MAX_LENGTH) return ELEMENT_CHANGE_MESSAGES.linkLength;
  return isVariantLink(href) ? undefined : ELEMENT_CHANGE_MESSAGES.link;
}
