import { guardedLookup } from './guarded-lookup';
import { nodeTransport } from './node-transport';
import type { EgressSeams } from './safe-fetch';

export interface PostAnswer {
  status: number;
}

/**
 * POSTs `body` to `url` through the preview's outbound guard (guarded-lookup.ts): every address
 * the name resolves to must be public unless the host is allow-listed, and the connection is
 * pinned to the approved addresses. Redirects are not followed (a 3xx is the receiver's answer).
 * The answer's body is read and dropped. Throws the guard's AppError when refused, and the
 * network's error when the receiver cannot be reached in `timeoutMs`.
 */
export async function safePost(
  url: URL,
  {
    body,
    headers,
    allowHosts,
    timeoutMs = 10_000,
    resolve,
    transport = nodeTransport,
  }: {
    body: string;
    headers: Record<string, string>;
    allowHosts: readonly string[];
    timeoutMs?: number;
  } & EgressSeams,
): Promise<PostAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const addresses = await guardedLookup(url.hostname, {
    allowHosts,
    ...(resolve ? { resolve } : {}),
  });
  const response = await transport({ url, addresses, headers, signal, method: 'POST', body });
  // Drained, so the socket closes; what the receiver said does not matter beyond its status.
  response.body.resume();
  return { status: response.status };
}
