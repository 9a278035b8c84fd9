import type { FastifyBaseLogger } from 'fastify';

/** What a subscriber receives: the channel name and the published data as a JSON string. */
export interface BusMessage {
  name: string;
  data: string;
}

export type BusHandler = (message: BusMessage) => void;

/**
 * Pub/sub between the parts of the server that produce real-time messages (jobs) and the
 * subscriptions of connected clients, across every server process when Redis is used.
 * Delivery is at most once: a message published while nobody is subscribed, or while Redis is
 * down, is gone.
 */
export interface PubSubBus {
  /** Sends `data` as JSON to every subscriber of `name`. */
  publish(name: string, data: unknown): Promise<void>;
  /**
   * Resolves once the subscription is live, so a message published afterwards is delivered.
   * Rejects with BusUnavailableError at once while Redis is down.
   * Handlers must not throw; the returned function unsubscribes and is safe to call twice.
   */
  subscribe(name: string, onMessage: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type BusLogger = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export class BusClosedError extends Error {
  constructor() {
    super('The real-time bus is closed');
  }
}

/** Redis is down: real-time updates are paused until it is back (the outage is logged once). */
export class BusUnavailableError extends Error {
  constructor() {
    super('The real-time bus is unavailable (Redis is down)');
  }
}

/** The wire format: JSON text, refused up front for values JSON cannot carry (undefined, functions). */
export function serializeBusData(data: unknown): string {
  const json = JSON.stringify(data) as string | undefined;
  if (json === undefined) throw new TypeError('Real-time message data must be JSON-serialisable');
  return json;
}

/** Calls one handler so that a faulty subscriber cannot break delivery to the others. */
export function deliver(handler: BusHandler, message: BusMessage, log: BusLogger): void {
  try {
    handler(message);
  } catch (error) {
    log.error({ err: error, channel: message.name }, 'real-time subscriber failed');
  }
}
