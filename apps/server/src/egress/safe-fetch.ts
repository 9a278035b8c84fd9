import type { IncomingHttpHeaders } from 'node:http';
import { addAbortSignal } from 'node:stream';
import { AppError } from '../errors';
import { guardedLookup, type Resolver } from './guarded-lookup';
import { nodeTransport, type HopResponse, type Transport } from './node-transport';
import { isDecodable, readLimitedBody, tooLarge } from './read-body';

export interface SafeFetchOptions {
  /** PREVIEW_ALLOW_HOSTS; see `isAllowListed` for how names and IP literals match. */
  allowHosts: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Cancels the fetch, e.g. when the browser that asked for the preview goes away. */
  signal?: AbortSignal;
  /** DNS seam for tests; defaults to the system resolver. */
  resolve?: Resolver;
  /** Connection seam for tests; it only ever receives addresses the guard approved. */
  transport?: Transport;
}

/** The DNS and connection seams, passed through by the entry points that fetch for users. */
export type EgressSeams = Pick<SafeFetchOptions, 'resolve' | 'transport'>;

export interface SafeFetchResult {
  finalUrl: string;
  status: number;
  /** Lowercase names; repeated headers joined with ", "; encoding headers dropped once decoded. */
  headers: Record<string, string>;
  body: Buffer;
  /** Media type without parameters, lowercase ("text/html"), or null when not sent. */
  contentType: string | null;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const REQUEST_HEADERS = {
  'user-agent': 'Mozilla/5.0 (compatible; KindlingPreview/1.0)',
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

function parseTarget(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new AppError('VALIDATION', 'This address is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('VALIDATION', 'Only http and https pages can be previewed');
  }
  return url;
}

/** DNS lookups cannot be cancelled, so the time limit races them instead. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function flattenHeaders(headers: IncomingHttpHeaders, decoded: boolean): Record<string, string> {
  const dropped = decoded ? ['content-encoding', 'content-length'] : [];
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name, value]) => value !== undefined && !dropped.includes(name.toLowerCase()))
      .map(([name, value]) => [
        name.toLowerCase(),
        Array.isArray(value) ? value.join(', ') : value!,
      ]),
  );
}

async function readResponse(
  url: URL,
  response: HopResponse,
  { maxBytes, signal }: { maxBytes: number; signal: AbortSignal },
): Promise<SafeFetchResult> {
  const contentEncoding = single(response.headers['content-encoding']);
  const decoded = isDecodable(contentEncoding);
  const declaredLength = Number(response.headers['content-length']);
  if (!decoded && declaredLength > maxBytes) {
    response.body.destroy();
    throw tooLarge(maxBytes);
  }
  const body = await readLimitedBody(addAbortSignal(signal, response.body), {
    maxBytes,
    contentEncoding,
  });
  // A body cut short by the time limit must not pass for a whole page.
  signal.throwIfAborted();
  const contentType = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return {
    finalUrl: url.href,
    status: response.status,
    headers: flattenHeaders(response.headers, decoded),
    body,
    contentType: contentType || null,
  };
}

function toAppError(error: unknown, signal: AbortSignal, callerSignal?: AbortSignal): unknown {
  if (error instanceof AppError) return error;
  if (callerSignal?.aborted) return callerSignal.reason;
  if (signal.aborted) return new AppError('RETRYABLE', 'The page took too long to answer');
  // Network errors name the address they failed on; that must not reach the user.
  return new AppError('RETRYABLE', 'The page could not be reached');
}

/**
 * Fetches a page for the preview proxy without letting the URL reach the server's own
 * network: every hop's host is checked (IP literal or every DNS answer) before connecting,
 * and the connection is pinned to the checked addresses.
 */
export async function safeFetch(
  input: string,
  options: SafeFetchOptions,
): Promise<SafeFetchResult> {
  const {
    maxBytes = 5 * 1024 * 1024,
    timeoutMs = 10_000,
    maxRedirects = 5,
    transport = nodeTransport,
  } = options;
  let url = parseTarget(input);
  const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  try {
    for (let redirects = 0; ; redirects++) {
      const addresses = await abortable(guardedLookup(url.hostname, options), signal);
      const response = await transport({ url, addresses, headers: REQUEST_HEADERS, signal });
      const location = REDIRECT_STATUSES.has(response.status)
        ? single(response.headers.location)
        : undefined;
      if (location === undefined) return await readResponse(url, response, { maxBytes, signal });
      response.body.destroy();
      if (redirects >= maxRedirects) throw new AppError('VALIDATION', 'Too many redirects');
      url = parseTarget(location, url);
    }
  } catch (error) {
    throw toAppError(error, signal, options.signal);
  }
}
