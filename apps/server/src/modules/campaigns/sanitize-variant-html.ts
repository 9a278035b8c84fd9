import type { CampaignElement, Variant } from '@kindling/domain';
import sanitizeHtml from 'sanitize-html';

/** Targets other than a new tab or the same frame are dropped (no named frames). */
function linkAttributes({ target, ...attribs }: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  // A new tab must not get a handle on the customer's page (reverse tabnabbing).
  if (target === '_blank') return { ...attribs, target, rel: 'noopener noreferrer' };
  return target === '_self' ? { ...attribs, target } : attribs;
}

/**
 * Advanced text variants carry HTML that the page runtime writes into the customer's live page,
 * so it is cleaned before it is stored: inline formatting only, no attributes that run code or
 * change layout (`style` included), links limited to http, https and mailto.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'span',
    'br',
    'a',
    'sup',
    'sub',
    'small',
    'mark',
    'code',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  // "//host/path" would take the scheme of whatever page the variant runs on.
  allowProtocolRelative: false,
  // Dropped together with their content; other disallowed tags keep only their text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'noembed',
    'noframes',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'svg',
    'math',
    'template',
    'title',
    'xmp',
    'plaintext',
  ],
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: linkAttributes(attribs) }) },
};

export function sanitizeVariantHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

function cleanInfo<I extends { html?: string | undefined }>(info: I): I {
  return info.html === undefined ? info : { ...info, html: sanitizeVariantHtml(info.html) };
}

/** A copy of the variant with its html cleaned; image variants carry no html. */
export function sanitizeVariant<V extends Variant>(variant: V): V {
  return variant.type === 'text' ? { ...variant, info: cleanInfo(variant.info) } : variant;
}

/** A copy of the element with the html of its control and of every variant cleaned. */
export function sanitizeElement(element: CampaignElement): CampaignElement {
  if (element.type === 'image') return element;
  return {
    ...element,
    control: { ...element.control, info: cleanInfo(element.control.info) },
    variants: element.variants.map(sanitizeVariant),
  };
}
