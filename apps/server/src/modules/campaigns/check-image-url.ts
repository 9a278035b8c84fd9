import { PassThrough, type Readable } from 'node:stream';
import { sniffImageType } from '@kindling/domain';
import type { Config } from '../../config';
import { AppError, validationError } from '../../errors';
import { nodeTransport, type Transport } from '../../egress/node-transport';
import { safeFetch, type EgressSeams } from '../../egress/safe-fetch';

export const INVALID_IMAGE_URL = 'Please enter a full http or https image address.';

/** Enough for every signature we sniff; the rest of the image is never downloaded. */
const SNIFF_BYTES = 64;
const TIMEOUT_MS = 8_000;

const IMAGE_REQUEST_HEADERS = {
  accept: 'image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8,*/*;q=0.5',
  // Compressed bytes cannot be cut after SNIFF_BYTES and still decode.
  'accept-encoding': 'identity',
};

/** RIFF....WEBP: browsers show WebP everywhere, so an image address may well serve one. */
function isWebp(bytes: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  return bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

/**
 * The first `limit` bytes of `source`, after which the connection is closed. Destroying the
 * result (time limit, early exit) destroys the source too.
 */
function firstBytes(source: Readable, limit: number): Readable {
  const head = new PassThrough();
  let left = limit;
  let done = false;
  const finish = () => {
    done = true;
    head.end();
    source.destroy();
  };
  source.on('data', (chunk: Buffer) => {
    if (done) return;
    const piece = chunk.subarray(0, left);
    left -= piece.length;
    head.write(piece);
    if (left <= 0) finish();
  });
  source.on('end', () => {
    if (!done) finish();
  });
  source.on('error', (error) => {
    if (!done) head.destroy(error);
  });
  head.on('close', () => source.destroy());
  return head;
}

/** Asks for images and keeps only the head of a successful answer. */
function headOnly(transport: Transport): Transport {
  return async (request) => {
    const response = await transport({
      ...request,
      headers: { ...request.headers, ...IMAGE_REQUEST_HEADERS },
    });
    if (response.status < 200 || response.status >= 300) return response;
    const { 'content-length': _length, ...headers } = response.headers;
    return { ...response, headers, body: firstBytes(response.body, SNIFF_BYTES) };
  };
}

function parseImageUrl(raw: string): URL | null {
  try {
    return new URL(raw.trim());
  } catch {
    return null;
  }
}

/**
 * Spec section 5, "Image URL": whether the address answers 2xx with the bytes of a JPG, PNG,
 * GIF or WebP image. It is fetched through the preview's SSRF guard (PREVIEW_ALLOW_HOSTS
 * applies the same way), and every failure of the fetch - refused address, timeout, error
 * status, HTML - answers false. SVG is not accepted: it is a document that can carry script.
 */
export async function checkImageUrl(
  { config }: { config: Pick<Config, 'PREVIEW_ALLOW_HOSTS'> },
  input: { url: string } & EgressSeams,
): Promise<{ result: boolean }> {
  const url = parseImageUrl(input.url);
  if (!url) throw validationError(INVALID_IMAGE_URL, { url: INVALID_IMAGE_URL });
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { result: false };
  try {
    const response = await safeFetch(url.href, {
      allowHosts: config.PREVIEW_ALLOW_HOSTS,
      timeoutMs: TIMEOUT_MS,
      maxBytes: SNIFF_BYTES,
      transport: headOnly(input.transport ?? nodeTransport),
      resolve: input.resolve,
    });
    const ok = response.status >= 200 && response.status < 300;
    return { result: ok && (sniffImageType(response.body) !== undefined || isWebp(response.body)) };
  } catch (error) {
    if (error instanceof AppError) return { result: false };
    throw error;
  }
}
