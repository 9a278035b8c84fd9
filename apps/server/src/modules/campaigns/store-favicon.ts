import { FAVICON_MAX_BYTES, sniffFaviconType, type CampaignMeta } from '@kindling/domain';
import type { Config } from '../../config';
import { safeFetch, type EgressSeams } from '../../egress/safe-fetch';

/** Short: the favicon is decoration, and the save waits for it. */
const FAVICON_TIMEOUT_MS = 3_000;

/**
 * The page's favicon as a data: address of at most 32 KB, fetched once through the preview's
 * SSRF guard (docs/decisions.md: the app shows no third-party image it has not stored). Any
 * failure - refused address, timeout, error status, too large, not a raster image - leaves the
 * campaign without one, and the app shows its placeholder.
 */
async function fetchFavicon(
  config: Pick<Config, 'PREVIEW_ALLOW_HOSTS'>,
  url: string,
  seams: EgressSeams,
): Promise<string | undefined> {
  try {
    const answer = await safeFetch(url, {
      allowHosts: config.PREVIEW_ALLOW_HOSTS,
      timeoutMs: FAVICON_TIMEOUT_MS,
      maxBytes: FAVICON_MAX_BYTES,
      ...seams,
    });
    if (answer.status < 200 || answer.status > 299) return undefined;
    const type = sniffFaviconType(answer.body);
    return type ? `data:${type};base64,${answer.body.toString('base64')}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a data: address's bytes are the raster type it declares (sniffFaviconType). */
function isRasterDataUrl(dataUrl: string): boolean {
  const match = /^data:([^;]+);base64,(.*)$/.exec(dataUrl);
  if (!match) return false;
  const bytes = Buffer.from(match[2]!, 'base64');
  return bytes.length <= FAVICON_MAX_BYTES && sniffFaviconType(bytes) === match[1];
}

/**
 * The meta as it is stored: a favicon kept only next to its address, fetched when the address
 * is new (the editor drops the stored one when the page's icon changed).
 */
export async function withStoredFavicon(
  { config }: { config: Pick<Config, 'PREVIEW_ALLOW_HOSTS'> },
  { meta, ...seams }: { meta: CampaignMeta | undefined } & EgressSeams,
): Promise<CampaignMeta | undefined> {
  if (!meta) return meta;
  const { favicon: _favicon, ...rest } = meta;
  if (!meta.faviconUrl) return rest;
  // A favicon the client sent back is kept only when its bytes are the image type it names:
  // the same rule as a fetched one (else it is fetched again).
  if (meta.favicon && isRasterDataUrl(meta.favicon)) return meta;
  const favicon = await fetchFavicon(config, meta.faviconUrl, seams);
  return favicon ? { ...rest, favicon } : rest;
}
