import { Redis, type RedisOptions } from 'ioredis';

/** Shared rate limits: route limits let requests through, password and link limits count per process. */
export const REDIS_DOWN =
  'redis unavailable: real-time updates and shared rate limits paused; retrying';
export const REDIS_BACK = 'redis back: real-time updates and shared rate limits resumed';

/**
 * The longest a command may wait for Redis's answer. A Redis that stops answering without
 * closing the connection (a network partition) would otherwise hold a request until TCP notices.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

export interface RedisHealthLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/** `starting` until the first connection or the first failure, then `up` or `down`. */
type State = 'starting' | 'up' | 'down';

interface Watched {
  role: string;
  state: State;
}

/**
 * Every Redis connection of a process (real-time publisher and subscriber, rate limits) is
 * opened here and watched together, so that an outage is logged once when it starts and once
 * when it ends, not once per reconnect attempt (ioredis emits an error for each), and so that
 * callers can skip Redis while it is down instead of queueing commands behind reconnects.
 */
export class RedisHealth {
  private readonly watched = new Map<Redis, Watched>();
  private downSince: number | undefined;
  private readonly skipped = new Map<string, number>();

  constructor(private readonly log: RedisHealthLog) {}

  /** A new connection to `url`, reconnecting by itself (ioredis), watched from now on. */
  open(url: string, role: string, options: RedisOptions = {}): Redis {
    const connection = new Redis(url, options);
    this.watched.set(connection, { role, state: 'starting' });
    connection.on('ready', () => this.mark(connection, 'up'));
    // The listener also keeps ioredis from reporting each failed attempt as unhandled.
    connection.on('error', (error: unknown) => this.mark(connection, 'down', error));
    connection.on('close', () => this.mark(connection, 'down'));
    return connection;
  }

  /** True from the moment a connection is lost (or its first attempt failed) until it is back. */
  isDown(connection: Redis): boolean {
    return this.watched.get(connection)?.state === 'down';
  }

  /** Counts work left undone while Redis is down; the recovery line reports the counts. */
  noteSkipped(what: string): void {
    this.skipped.set(what, (this.skipped.get(what) ?? 0) + 1);
  }

  /** Stops watching (a shutdown is no outage) and closes the connection. */
  async close(connection: Redis): Promise<void> {
    this.watched.delete(connection);
    // quit() on a connection that is not up waits for reconnect attempts; cut it instead.
    if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
    else connection.disconnect();
  }

  private mark(connection: Redis, state: State, error?: unknown): void {
    const watched = this.watched.get(connection);
    if (!watched) return;
    watched.state = state;
    const states = [...this.watched.values()];
    if (state === 'down' && this.downSince === undefined) {
      this.downSince = Date.now();
      this.log.warn({ connection: watched.role, reason: reasonOf(error) }, REDIS_DOWN);
    } else if (this.downSince !== undefined && states.every((other) => other.state === 'up')) {
      const downForMs = Date.now() - this.downSince;
      this.log.info({ downForMs, skipped: Object.fromEntries(this.skipped) }, REDIS_BACK);
      this.downSince = undefined;
      this.skipped.clear();
    }
  }
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return 'connection closed';
  const code = (error as { code?: unknown }).code;
  // A refused loopback connection is an AggregateError (IPv4 and IPv6) with an empty message.
  return typeof code === 'string' ? code : error.message || error.name;
}
