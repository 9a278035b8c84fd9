import { z } from 'zod';
import { PAGE_REDIRECT_MESSAGE } from './messages';
import { PAGE_META_LIMITS } from './page-meta-limits';
import { samePage } from './tracker-config';
import { isHttpAddress } from './url';

// Campaign `meta` (spec section 3: "page metadata, including title and stats"): what the
// editor's preview learnt about the page the last time it loaded it.

const L = PAGE_META_LIMITS;

export const PAGE_META_MESSAGES = {
  url: (field: string) => `meta.${field} must be an http or https address`,
  favicon: 'meta.favicon must be a PNG, GIF, JPEG, ICO or WebP image as a base64 data: address',
} as const;

const pageAddress = (field: string) =>
  z
    .string()
    .max(L.url, { error: PAGE_META_MESSAGES.url(field) })
    .refine((value) => isHttpAddress(value), { error: PAGE_META_MESSAGES.url(field) });

export const pageStatsSchema = z.object({
  /** Bytes of HTML the site answered (before the preview's rewrite). */
  htmlBytes: z.number().int().nonnegative(),
  /** Elements in the document once it loaded. */
  elementCount: z.number().int().nonnegative(),
  /** From the frame's navigation start to its load event, through the proxy. */
  loadMs: z.number().int().nonnegative(),
});
export type PageStats = z.infer<typeof pageStatsSchema>;

/** What the preview agent reports once the page has loaded. */
export const pageMetaSchema = z.object({
  title: z.string().max(L.title).optional(),
  description: z.string().max(L.description).optional(),
  canonicalUrl: pageAddress('canonicalUrl').optional(),
  /** Absolute: resolved against the page's own address. */
  faviconUrl: pageAddress('faviconUrl').optional(),
  lang: z.string().max(L.lang).optional(),
  /** The address the preview asked for, and where it ended after redirects. */
  requestedUrl: pageAddress('requestedUrl'),
  finalUrl: pageAddress('finalUrl'),
  stats: pageStatsSchema,
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** The stored favicon is small: the list shows it at 16-24 px. */
export const FAVICON_MAX_BYTES = 32 * 1024;
export const FAVICON_TYPES = [
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/x-icon',
  'image/webp',
] as const;
export type FaviconType = (typeof FAVICON_TYPES)[number];

const FAVICON_PREFIX = new RegExp(
  `^data:(${FAVICON_TYPES.join('|')});base64,[A-Za-z0-9+/]+={0,2}$`,
);
/** base64 of FAVICON_MAX_BYTES plus the longest prefix. */
const FAVICON_MAX_LENGTH =
  'data:image/x-icon;base64,'.length + Math.ceil(FAVICON_MAX_BYTES / 3) * 4;

/** A favicon stored with the campaign as a data: address (docs/decisions.md: no hot-linking). */
export const faviconDataUrlSchema = z
  .string()
  .max(FAVICON_MAX_LENGTH, { error: PAGE_META_MESSAGES.favicon })
  .regex(FAVICON_PREFIX, { error: PAGE_META_MESSAGES.favicon });

const ICO = [0x00, 0x00, 0x01, 0x00];
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

/** The favicon type from its first bytes; undefined for anything else (SVG included). */
export function sniffFaviconType(bytes: Uint8Array): FaviconType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ICO) && bytes.length >= 6) return 'image/x-icon';
  const riff = [0x52, 0x49, 0x46, 0x46];
  const webp = [0x57, 0x45, 0x42, 0x50];
  if (startsWith(bytes, riff) && startsWith(bytes, webp, 8)) return 'image/webp';
  return undefined;
}

/**
 * Spec section 5 runs the campaign form validation when page meta loads: a page that ended on
 * another page than it was asked for (by the tracker's page rule, samePage: origin and path,
 * query and one trailing slash aside) is named then, since the tracker would not match it.
 */
/** Whether the preview's fetch ended on another origin or path than it asked for. */
export const redirectedElsewhere = (meta: Pick<PageMeta, 'requestedUrl' | 'finalUrl'>): boolean =>
  !samePage(meta.requestedUrl, meta.finalUrl);

/** The URL field and the page meta, as the wizard validates them when meta loads. */
export const campaignPageSchema = z
  .object({ ingestedUrl: z.string(), meta: pageMetaSchema.partial().optional() })
  .superRefine(({ meta }, context) => {
    if (!meta?.requestedUrl || !meta.finalUrl) return;
    const page = { requestedUrl: meta.requestedUrl, finalUrl: meta.finalUrl };
    if (redirectedElsewhere(page)) {
      context.addIssue({
        code: 'custom',
        path: ['ingestedUrl'],
        message: PAGE_REDIRECT_MESSAGE(meta.finalUrl),
      });
    }
  });

/** What the campaign list and page show for the page: its title, else its host, and favicon. */
export function pageIdentity(campaign: {
  ingestedUrl: string;
  meta?: { title?: unknown; favicon?: unknown } | undefined;
}): { title: string; favicon: string | undefined } {
  const title = typeof campaign.meta?.title === 'string' ? campaign.meta.title.trim() : '';
  const favicon = faviconDataUrlSchema.safeParse(campaign.meta?.favicon);
  return {
    title: title || hostOf(campaign.ingestedUrl),
    favicon: favicon.success ? favicon.data : undefined,
  };
}

// The WHATWG URL parser (browsers and Node); declared because domain is typed without DOM.
declare const URL: new (url: string) => { host: string };

function hostOf(address: string): string {
  try {
    return new URL(/^https?:\/\//i.test(address) ? address : `https://${address}`).host;
  } catch {
    return address;
  }
}
