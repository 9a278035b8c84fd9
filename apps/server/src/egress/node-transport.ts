import type { LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';

export interface HopRequest {
  url: URL;
  /** Addresses already approved by the guarded lookup; the connection may only use these. */
  addresses: readonly LookupAddress[];
  headers: Record<string, string>;
  signal: AbortSignal;
  /** GET without a body unless said (webhooks POST theirs). */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface HopResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
}

/** Sends one request without following redirects. */
export type Transport = (request: HopRequest) => Promise<HopResponse>;

/**
 * Answers the socket's DNS question with the approved addresses instead of asking DNS again.
 * A second query is what DNS rebinding exploits: a public answer for the check, a private one
 * for the connection.
 */
export function pinnedLookup(
  hostname: string,
  addresses: readonly LookupAddress[],
): LookupFunction {
  return (asked, options, callback) => {
    const first = addresses[0];
    if (asked !== hostname || !first) {
      callback(new Error('Unexpected lookup for an unapproved host'), '', 0);
    } else if (options.all) {
      callback(null, [...addresses]);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

const bare = (hostname: string) => (hostname.startsWith('[') ? hostname.slice(1, -1) : hostname);

export const nodeTransport: Transport = ({ url, addresses, headers, signal, method, body }) =>
  new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const hostname = bare(url.hostname);
    const request = client.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: method ?? 'GET',
        headers,
        // A pooled socket may have been opened by code without the guard, or to an address
        // approved under another allow-list; a fresh connection per hop keeps the pin honest.
        agent: false,
        // Node skips this for IP literals and connects to the literal, which was checked as is.
        lookup: pinnedLookup(hostname, addresses),
        signal,
      },
      (response) =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: response }),
    );
    // `on`, not `once`: a late second error (abort after a reset) must not go unhandled.
    request.on('error', reject);
    request.end(body);
  });
