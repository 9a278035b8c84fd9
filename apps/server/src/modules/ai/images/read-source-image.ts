import { ERROR_MESSAGES, UPLOADS_PREFIX } from '@kindling/domain';
import sharp from 'sharp';
import type { Config } from '../../../config';
import { safeFetch, type EgressSeams } from '../../../egress/safe-fetch';
import { uploadStore } from '../../campaigns/uploaded-files';
import { PermanentJobError } from '../../jobs/job-types';

/** Page images can be larger than an upload may be; still bounded. */
const MAX_SOURCE_BYTES = 16 * 1024 * 1024;
const MAX_SOURCE_PIXELS = 64_000_000;
const TIMEOUT_MS = 10_000;
/** Relative addresses resolve against this origin, so they are told apart from absolute ones. */
const RELATIVE = 'http://kindling.invalid';

export interface SourceImage {
  /** PNG, upright: what every provider's edit accepts. */
  png: Buffer;
  width: number;
  height: number;
}

/** Our own upload: read from the data directory rather than over the network. */
function uploadName(url: URL, config: Pick<Config, 'PUBLIC_URL'>): string | undefined {
  const own =
    url.origin === RELATIVE ||
    (config.PUBLIC_URL !== undefined && url.origin === new URL(config.PUBLIC_URL).origin);
  return own && url.pathname.startsWith(`${UPLOADS_PREFIX}/`)
    ? url.pathname.slice(UPLOADS_PREFIX.length + 1)
    : undefined;
}

async function download(
  config: Pick<Config, 'DATA_DIR' | 'PUBLIC_URL' | 'PREVIEW_ALLOW_HOSTS'>,
  { url: raw, ...seams }: { url: string } & EgressSeams,
): Promise<Buffer> {
  const url = new URL(raw, RELATIVE);
  const name = uploadName(url, config);
  if (name !== undefined) {
    const stored = await uploadStore(config.DATA_DIR).read(name);
    if (!stored) throw new Error('no such upload');
    return stored.data;
  }
  if (url.origin === RELATIVE) throw new Error('relative address');
  const response = await safeFetch(url.href, {
    allowHosts: config.PREVIEW_ALLOW_HOSTS,
    maxBytes: MAX_SOURCE_BYTES,
    timeoutMs: TIMEOUT_MS,
    ...seams,
  });
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
  return response.body;
}

/**
 * The image a modify request starts from, fetched through the SSRF guard (an upload is read
 * from disk) and decoded. Any failure is the spec's "Could not get image info".
 */
export async function readSourceImage(
  config: Pick<Config, 'DATA_DIR' | 'PUBLIC_URL' | 'PREVIEW_ALLOW_HOSTS'>,
  source: { url: string } & EgressSeams,
): Promise<SourceImage> {
  try {
    const bytes = await download(config, source);
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS })
      .rotate()
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw new PermanentJobError(ERROR_MESSAGES.imageInfo);
  }
}
