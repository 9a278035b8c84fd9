// Variant preview links (spec section 6, the `view_variant` feature flag): a signed, expiring
// link to the campaign's live page that shows one chosen arm in that browser tab only and is
// never counted. Signing itself is the server's (node:crypto); the limits, the address rule and
// the words people read are here. Zod-free: the tracker bundles it (schemas: variant-preview-schema).

/** How long a preview link opens: one hour from when it was made. */
export const VARIANT_PREVIEW_SECONDS = 3600;
/** The query parameter the tracker looks for on the customer's page. */
export const VARIANT_PREVIEW_PARAM = 'kindling_preview';
/** Where the tracker remembers the link's token for the tab (sessionStorage). */
export const VARIANT_PREVIEW_STORAGE_KEY = 'kindling.preview';

export const VARIANT_PREVIEW_MESSAGES = {
  flagOff:
    'Preview links are turned off for this team. An owner can turn on "View variant" under Settings → Team → Labs features.',
  elementNotFound: 'This element is not part of the campaign.',
  variantNotFound: 'This variant is not part of the element.',
  invalidLink: 'This preview link is not valid or has expired.',
} as const;

/** "Original" for the control, else "Variant 2" for the element's second variant. */
export const previewArmName = (position: number | 'control'): string =>
  position === 'control' ? 'Original' : `Variant ${position + 1}`;

/** The badge's words: "Kindling preview: Variant 2 of Heading “Build faster”". */
export const variantPreviewLabel = (armName: string, elementName: string): string =>
  `Kindling preview: ${armName} of ${elementName}`;

// The WHATWG URL parser, present in browsers and Node; declared here because the domain
// package is type-checked without DOM or Node types.
interface ParsedUrl {
  searchParams: { set(name: string, value: string): void; delete(name: string): void };
  toString(): string;
}
declare const URL: new (url: string) => ParsedUrl;

/**
 * The campaign's page with the token added as `kindling_preview`; its other query parameters
 * and fragment are kept, and a parameter of the same name already there is replaced.
 */
export function variantPreviewUrl(pageUrl: string, token: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set(VARIANT_PREVIEW_PARAM, token);
  return url.toString();
}

/** The page's address without the preview parameter (what "Leave preview" reloads). */
export function withoutPreviewParam(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.delete(VARIANT_PREVIEW_PARAM);
  return url.toString();
}
