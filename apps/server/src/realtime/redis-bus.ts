import { Redis } from 'ioredis';
import {
  BusClosedError,
  deliver,
  serializeBusData,
  type BusHandler,
  type BusLogger,
  type PubSubBus,
} from './bus';

export interface RedisBusOptions {
  url: string;
  /** REDIS_KEY_PREFIX; channels are `{prefix}rt:{name}` so installations sharing a Redis stay apart. */
  keyPrefix: string;
  log: BusLogger;
}

interface Channel {
  handlers: Set<BusHandler>;
  /** The one SUBSCRIBE for this channel, shared by every subscription that joins while it runs. */
  ready: Promise<unknown>;
}

/**
 * Redis pub/sub, so a message published by any server process reaches subscribers on all of them.
 * One connection publishes; one more (a Redis connection in subscriber mode can do nothing else)
 * carries every subscription of this process, with one SUBSCRIBE per channel however many
 * clients follow it. ioredis reconnects and re-subscribes by itself after an outage; messages
 * published during the outage are lost, which is why job followers have a time limit.
 */
export class RedisBus implements PubSubBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channelPrefix: string;
  private readonly channels = new Map<string, Channel>();
  private closed = false;

  constructor(private readonly options: RedisBusOptions) {
    this.channelPrefix = `${options.keyPrefix}rt:`;
    // Fail a command after a couple of reconnect attempts instead of holding it for minutes.
    const connectionOptions = { maxRetriesPerRequest: 2 };
    this.publisher = new Redis(options.url, connectionOptions);
    this.subscriber = new Redis(options.url, connectionOptions);
    for (const [role, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      connection.on('error', (error) =>
        options.log.warn({ err: error, role }, 'redis (real-time bus) unavailable'),
      );
    }
    this.subscriber.on('message', (channel: string, data: string) => this.receive(channel, data));
  }

  async publish(name: string, data: unknown): Promise<void> {
    if (this.closed) throw new BusClosedError();
    await this.publisher.publish(this.channelPrefix + name, serializeBusData(data));
  }

  async subscribe(name: string, onMessage: BusHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new BusClosedError();
    const handler: BusHandler = (message) => onMessage(message);
    const channel = this.channels.get(name) ?? this.openChannel(name);
    // Added before the SUBSCRIBE settles, so a concurrent last unsubscribe cannot drop the channel.
    channel.handlers.add(handler);
    try {
      await channel.ready;
    } catch (error) {
      await this.release(name, channel, handler);
      throw error;
    }
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      await this.release(name, channel, handler);
    };
  }

  /** Local subscriptions on `name` (one Redis subscription serves them all). */
  subscriberCount(name: string): number {
    return this.channels.get(name)?.handlers.size ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    await Promise.all([disconnect(this.publisher), disconnect(this.subscriber)]);
  }

  private openChannel(name: string): Channel {
    const channel: Channel = {
      handlers: new Set(),
      ready: this.subscriber.subscribe(this.channelPrefix + name),
    };
    this.channels.set(name, channel);
    return channel;
  }

  private async release(name: string, channel: Channel, handler: BusHandler): Promise<void> {
    channel.handlers.delete(handler);
    if (channel.handlers.size > 0 || this.channels.get(name) !== channel) return;
    this.channels.delete(name);
    if (this.closed) return;
    try {
      await this.subscriber.unsubscribe(this.channelPrefix + name);
    } catch (error) {
      // Harmless: with no local handler left, a stray message for this channel is ignored.
      this.options.log.warn({ err: error, channel: name }, 'redis unsubscribe failed');
    }
  }

  private receive(channel: string, data: string): void {
    if (!channel.startsWith(this.channelPrefix)) return;
    const name = channel.slice(this.channelPrefix.length);
    const handlers = this.channels.get(name)?.handlers;
    if (!handlers) return;
    for (const handler of [...handlers]) deliver(handler, { name, data }, this.options.log);
  }
}

async function disconnect(connection: Redis): Promise<void> {
  if (connection.status !== 'ready') {
    connection.disconnect();
    return;
  }
  await connection.quit().catch(() => connection.disconnect());
}
