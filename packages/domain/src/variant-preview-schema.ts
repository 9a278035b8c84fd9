import { z } from 'zod';
import { rowId } from './row-id';

// The variant preview link calls (docs/api.md "Variant preview links"); apart from
// variant-preview.ts so the tracker, which bundles that, never pulls zod in.

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
