import {
  HTML_BLANK_TARGET_REL,
  HTML_DROPPED_TAGS,
  HTML_IMAGE_SCHEMES,
  HTML_LINK_SCHEMES,
  HTML_LINK_TARGETS,
  HTML_POLICY,
  type CampaignElement,
  type Variant,
} from '@kindling/domain';
import sanitizeHtml from 'sanitize-html';

/** Targets other than a new tab or the same frame are dropped (no named frames). */
function linkAttributes({ target, ...attribs }: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  if (target === undefined || !HTML_LINK_TARGETS.includes(target)) return attribs;
  // A new tab must not get a handle on the customer's page (reverse tabnabbing).
  return target === '_blank'
    ? { ...attribs, target, rel: HTML_BLANK_TARGET_REL }
    : { ...attribs, target };
}

const { tags, attributes } = HTML_POLICY.inline;

/**
 * Advanced text variants carry HTML that the page runtime writes into the customer's live page,
 * so it is cleaned with the shared inline policy (domain html-policy) before it is stored.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...tags],
  allowedAttributes: Object.fromEntries(
    Object.entries(attributes).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...HTML_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...HTML_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//host/path" would take the scheme of whatever page the variant runs on.
  allowProtocolRelative: false,
  // Dropped together with their content; other disallowed tags keep only their text.
  nonTextTags: [...HTML_DROPPED_TAGS],
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
