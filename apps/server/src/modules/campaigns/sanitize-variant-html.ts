import {
  HTML_BLANK_TARGET_REL,
  HTML_DROPPED_TAGS,
  HTML_IMAGE_SCHEMES,
  HTML_LINK_SCHEMES,
  HTML_POLICY,
  keepsHtmlAttribute,
  type CampaignElement,
  type HtmlProfile,
  type Variant,
  type VariantInsert,
} from '@kindling/domain';
import { parseFragment, serialize } from 'parse5';
import sanitizeHtml from 'sanitize-html';

/** Drops what the shared policy refuses (URLs, styles, targets) before sanitize-html's checks. */
function policyAttributes(profile: HtmlProfile): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const kept = Object.entries(attribs).filter(([name, value]) =>
      keepsHtmlAttribute({ profile, tag: tagName, name, value }),
    );
    if (!kept.some(([name, value]) => name === 'target' && value === '_blank')) {
      return { tagName, attribs: Object.fromEntries(kept) };
    }
    // A new tab must not get a handle on the customer's page (reverse tabnabbing). rel goes
    // last, where the page runtime puts it too.
    const others = kept.filter(([name]) => name !== 'rel');
    return { tagName, attribs: Object.fromEntries([...others, ['rel', HTML_BLANK_TARGET_REL]]) };
  };
}

function optionsFor(profile: HtmlProfile): sanitizeHtml.IOptions {
  const { tags, attributes } = HTML_POLICY[profile];
  return {
    allowedTags: [...tags],
    allowedAttributes: Object.fromEntries(
      Object.entries(attributes).map(([tag, names]) => [tag, [...names]]),
    ),
    // A second line behind the policy's own URL rule (keepsHtmlAttribute), which also admits
    // raster data: images.
    allowedSchemes: [...HTML_LINK_SCHEMES],
    allowedSchemesByTag: { img: [...HTML_IMAGE_SCHEMES, 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    // The policy's style rule decides; sanitize-html would rewrite the value's spacing.
    parseStyleAttributes: false,
    // Dropped together with their content; other disallowed tags keep only their text.
    nonTextTags: [...HTML_DROPPED_TAGS],
    transformTags: { '*': policyAttributes(profile) },
  };
}

const OPTIONS: Record<HtmlProfile, sanitizeHtml.IOptions> = {
  inline: optionsFor('inline'),
  block: optionsFor('block'),
};

/**
 * The HTML as a browser's template element parses and serialises it (parse5 follows the HTML
 * standard, sanitize-html's parser does not): misnested tags, nested links, CDATA and
 * half-closed comments then mean here what they mean on the customer's page, and the stored
 * text reads exactly as the page runtime's copy of it.
 */
function asBrowserReads(html: string): string {
  return serialize(parseFragment(html, { scriptingEnabled: false }));
}

/** `html` cleaned with one profile of the shared policy (domain html-policy). */
export function sanitizePolicyHtml(html: string, profile: HtmlProfile): string {
  return asBrowserReads(sanitizeHtml(asBrowserReads(html), OPTIONS[profile]));
}

/**
 * Advanced text variants carry HTML that the page runtime writes into the customer's live page,
 * so it is cleaned with the shared inline policy before it is stored.
 */
export function sanitizeVariantHtml(html: string): string {
  return sanitizePolicyHtml(html, 'inline');
}

type HtmlInfo = { html?: string | undefined; insert?: VariantInsert | undefined };

/** Advanced text with the inline profile; an inserted block (issue 32) with the block profile. */
function cleanInfo<I extends HtmlInfo>(info: I): I {
  const html = info.html === undefined ? {} : { html: sanitizeVariantHtml(info.html) };
  const insert =
    info.insert === undefined
      ? {}
      : { insert: { ...info.insert, html: sanitizePolicyHtml(info.insert.html, 'block') } };
  return { ...info, ...html, ...insert };
}

/** A copy of the variant with its html cleaned. */
export function sanitizeVariant<V extends Variant>(variant: V): V {
  return { ...variant, info: cleanInfo(variant.info) };
}

/** A copy of the element with the html of its control and of every variant cleaned. */
export function sanitizeElement(element: CampaignElement): CampaignElement {
  return {
    ...element,
    control: { ...element.control, info: cleanInfo(element.control.info) },
    variants: element.variants.map(sanitizeVariant),
  } as CampaignElement;
}
