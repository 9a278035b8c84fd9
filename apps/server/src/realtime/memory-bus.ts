import {
  BusClosedError,
  deliver,
  serializeBusData,
  type BusHandler,
  type BusLogger,
  type PubSubBus,
} from './bus';

/** The single-process bus: enough when one server process serves every client. */
export class MemoryBus implements PubSubBus {
  private readonly channels = new Map<string, Set<BusHandler>>();
  private closed = false;

  constructor(private readonly log: BusLogger) {}

  publish(name: string, data: unknown): Promise<void> {
    // The executor turns a throw (closed bus, data JSON cannot carry) into a rejection.
    return new Promise((resolve) => {
      this.assertOpen();
      const message = { name, data: serializeBusData(data) };
      // A copy, so a handler that unsubscribes while being called does not disturb the loop.
      for (const handler of [...(this.channels.get(name) ?? [])]) {
        deliver(handler, message, this.log);
      }
      resolve();
    });
  }

  subscribe(name: string, onMessage: BusHandler): Promise<() => Promise<void>> {
    return new Promise((resolve) => {
      this.assertOpen();
      // Each subscription is its own entry, even when the same function subscribes twice.
      const handler: BusHandler = (message) => onMessage(message);
      const handlers = this.channels.get(name) ?? new Set<BusHandler>();
      handlers.add(handler);
      this.channels.set(name, handlers);
      resolve(() => {
        handlers.delete(handler);
        if (handlers.size === 0 && this.channels.get(name) === handlers) this.channels.delete(name);
        return Promise.resolve();
      });
    });
  }

  /** Live subscriptions on `name`; tests use it to know when a client is listening. */
  subscriberCount(name: string): number {
    return this.channels.get(name)?.size ?? 0;
  }

  close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    return Promise.resolve();
  }

  private assertOpen(): void {
    if (this.closed) throw new BusClosedError();
  }
}
