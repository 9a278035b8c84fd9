import { createClient, type Client } from 'graphql-ws';
import { z } from 'zod';
import { getAccessToken, isSignedIn, subscribeSession } from './session';

/** A real-time message (spec section 3): `data` is JSON text for the receiver to parse. */
export interface RealtimeMessage {
  name: string;
  data: string;
}

/** Receives a channel's messages; `error` or `complete` ends it, and at most one of them is called. */
export interface RealtimeSink {
  next: (message: RealtimeMessage) => void;
  error: (error: Error) => void;
  complete: () => void;
}

/** Follows a channel by name; returns the function that stops following it. */
export type Subscribe = (name: string, sink: RealtimeSink) => () => void;

export class RealtimeError extends Error {
  override readonly name = 'RealtimeError';
}

const SUBSCRIBE_QUERY =
  'subscription Follow($name: String!) { subscribe(name: $name) { name data } }';

const resultSchema = z.object({ subscribe: z.object({ name: z.string(), data: z.string() }) });

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
}

/** graphql-ws reports failures as Errors, close events or GraphQL error lists; one Error for all. */
export function toRealtimeError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (Array.isArray(error)) {
    const messages = error.map((item: { message?: unknown }) => String(item.message));
    return new RealtimeError(messages.join('; ') || 'Real-time request failed');
  }
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, reason } = error as { code: unknown; reason?: unknown };
    const detail = typeof reason === 'string' && reason ? `: ${reason}` : '';
    return new RealtimeError(`Real-time connection closed (${String(code)}${detail})`);
  }
  return new RealtimeError('Real-time connection failed');
}

/** The `Subscribe` function over one graphql-ws client. */
export function subscribeWith(client: Pick<Client, 'subscribe'>): Subscribe {
  return (name, sink) => {
    let ended = false;
    const end = (callback: () => void) => {
      if (ended) return;
      ended = true;
      callback();
    };
    const stop = client.subscribe(
      { query: SUBSCRIBE_QUERY, variables: { name } },
      {
        next: (result) => {
          if (ended) return;
          if (result.errors?.length) {
            end(() => sink.error(toRealtimeError(result.errors)));
            return;
          }
          const parsed = resultSchema.safeParse(result.data);
          if (parsed.success) sink.next(parsed.data.subscribe);
          else end(() => sink.error(new RealtimeError('Unexpected real-time message')));
        },
        error: (error) => end(() => sink.error(toRealtimeError(error))),
        complete: () => end(() => sink.complete()),
      },
    );
    return () => {
      ended = true;
      stop();
    };
  };
}

/**
 * A client that opens its WebSocket when the first channel is followed and closes it after the
 * last one stops. Each connection attempt sends the current access token (refreshed when it has
 * expired), so a reconnect after the server refused a stale token (4403) picks up a fresh one.
 */
export function createRealtimeClient(): Client {
  return createClient({
    url: () => realtimeUrl(),
    connectionParams: async () => {
      const token = await getAccessToken();
      if (!token) throw new RealtimeError('Not signed in');
      return { authorization: `Bearer ${token}` };
    },
  });
}

let shared: Client | undefined;

function sharedClient(): Client {
  if (shared) return shared;
  const client = createRealtimeClient();
  shared = client;
  // Signing out ends what the signed-out user was following.
  const stopWatching = subscribeSession(() => {
    if (isSignedIn()) return;
    stopWatching();
    if (shared === client) shared = undefined;
    void client.dispose();
  });
  return client;
}

/** Follows a channel over the app's shared real-time connection. */
export const subscribeChannel: Subscribe = (name, sink) =>
  subscribeWith(sharedClient())(name, sink);
