import { z } from 'zod';

// Variant preview links (spec section 6, the `view_variant` feature flag): a signed, expiring
// link to the campaign's live page that shows one chosen arm in that browser tab only and is
// never counted. Signing itself is the server's (node:crypto); the claims, limits, the address
// rule and the words people read are here.

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

const rowId = z.number().int().positive().max(2_147_483_647);
const armSchema = z.union([rowId, z.literal('control')]);

/** POST /api/team/{team}/campaign/variant-preview-link */
export const variantPreviewLinkRequestSchema = z.object({
  campaignId: rowId,
  elementId: rowId,
  /** A variant id, or "control" for the original. */
  variantId: armSchema,
});
export type VariantPreviewLinkRequest = z.infer<typeof variantPreviewLinkRequestSchema>;

export const variantPreviewLinkSchema = z.object({
  url: z.string(),
  /** ISO time after which the link no longer opens a preview. */
  expiresAt: z.string(),
});
export type VariantPreviewLink = z.infer<typeof variantPreviewLinkSchema>;

/** What a preview token carries (short keys: the token travels in an address). */
export const variantPreviewClaimsSchema = z.object({
  /** Team id. */
  t: rowId,
  /** Campaign id. */
  c: rowId,
  /** Element id. */
  e: rowId,
  /** Variant id or "control". */
  v: armSchema,
  /** Expiry, seconds since the epoch. */
  x: z.number().int().nonnegative(),
});
export type VariantPreviewClaims = z.infer<typeof variantPreviewClaimsSchema>;

/** "Original" for the control, else "Variant 2" for the element's second variant. */
export const previewArmName = (position: number | 'control'): string =>
  position === 'control' ? 'Original' : `Variant ${position + 1}`;

/** The badge's words: "Kindling preview: Variant 2 of Heading “Build faster”". */
export const variantPreviewLabel = (armName: string, elementName: string): string =>
  `Kindling preview: ${armName} of ${elementName}`;

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
