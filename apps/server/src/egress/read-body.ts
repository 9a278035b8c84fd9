import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { AppError } from '../errors';

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

export function formatSize(bytes: number): string {
  const units: [string, number][] = [
    ['MB', 1024 * 1024],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

export const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The page is larger than ${formatSize(maxBytes)}`);

const decoderName = (contentEncoding: string | undefined) =>
  contentEncoding?.trim().toLowerCase() ?? 'identity';

/** Whether the body will be decoded, so the caller can drop the encoding headers. */
export const isDecodable = (contentEncoding: string | undefined) =>
  Object.hasOwn(DECODERS, decoderName(contentEncoding));

/**
 * Reads a body into memory, decoding gzip/deflate/br, and stops the moment the decoded size
 * passes maxBytes: the limit counts decoded bytes, so a small compressed bomb cannot grow past it.
 */
export async function readLimitedBody(
  body: Readable,
  { maxBytes, contentEncoding }: { maxBytes: number; contentEncoding: string | undefined },
): Promise<Buffer> {
  const decoder = isDecodable(contentEncoding)
    ? DECODERS[decoderName(contentEncoding)]?.()
    : undefined;
  const source: AsyncIterable<Buffer> = decoder
    ? (pipeline(body, decoder, () => {}) as AsyncIterable<Buffer>)
    : body;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  } finally {
    // Leaving the loop early must also close the socket, not only the decoder.
    body.destroy();
  }
  return Buffer.concat(chunks, size);
}
