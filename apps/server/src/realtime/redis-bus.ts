import type { Redis } from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS, type RedisHealth } from '../redis/redis-health';
import {
  BusClosedError,
  BusUnavailableError,
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
  /** Opens and watches the connections: one log line per outage, and fail fast while down. */
  health: RedisHealth;
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
 * clients follow it. ioredis reconnects and re-subscribes by itself after an outage. While Redis
 * is down, messages are dropped at once and new subscriptions refused at once (nothing waits on
 * reconnects); job followers have a time limit, and a job's outcome stays readable in its table.
 */
export class RedisBus implements PubSubBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channelPrefix: string;
  private readonly channels = new Map<string, Channel>();
  private closed = false;

  constructor(private readonly options: RedisBusOptions) {
    this.channelPrefix = `${options.keyPrefix}rt:`;
    const { health, url } = options;
    this.publisher = health.open(url, 'real-time publisher', {
      maxRetriesPerRequest: 2,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    // An UNSUBSCRIBE asked for during an outage waits for Redis instead of failing: dropped, the
    // channel would be subscribed again (ioredis resubscribes what it last knew) and never freed.
    this.subscriber = health.open(url, 'real-time subscriber', { maxRetriesPerRequest: null });
    this.subscriber.on('message', (channel: string, data: string) => this.receive(channel, data));
  }

  async publish(name: string, data: unknown): Promise<void> {
    if (this.closed) throw new BusClosedError();
    // At most once anyway: a message sent while Redis is down is gone (the outage is logged once).
    if (this.options.health.isDown(this.publisher)) {
      this.options.health.noteSkipped('real-time messages');
      return;
    }
    await this.publisher.publish(this.channelPrefix + name, serializeBusData(data));
  }

  async subscribe(name: string, onMessage: BusHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new BusClosedError();
    if (this.options.health.isDown(this.subscriber)) throw new BusUnavailableError();
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
    await Promise.all([
      this.options.health.close(this.publisher),
      this.options.health.close(this.subscriber),
    ]);
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
      if (this.closed) return;
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
