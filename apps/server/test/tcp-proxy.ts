import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** `127.0.0.1:{port}`: give this to the server in place of the real service's address. */
  host: string;
  port: number;
  /** New connections are refused (the listening port is closed); open ones carry on. */
  refuse(): Promise<void>;
  /**
   * The service goes away as a crash looks from a client: every open connection is reset and
   * new ones are refused until `restore`.
   */
  cut(): Promise<void>;
  /**
   * The service stops answering without closing anything, as in a network partition: open
   * connections stay open and carry nothing more, new ones are accepted and carry nothing.
   * Bytes sent meanwhile are lost, so end it with `cut` (a client would read stale answers).
   */
  stall(): void;
  /** The service is back on the same address. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy in front of a real service (PostgreSQL, Redis) that a test can cut and
 * restore, so a fault test takes the service away from one server under test without touching
 * the shared service other test files use at the same time.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  /** Connections accepted while stalled: held open, never carried. */
  const held = new Set<Socket>();
  let server: Server | undefined;
  let stalled = false;

  const carry = (client: Socket) => {
    if (stalled) {
      held.add(client);
      client.on('error', () => client.destroy()).on('close', () => held.delete(client));
      client.resume();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const stall = () => {
    stalled = true;
    for (const [client, upstream] of pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      // Read and drop, so neither side sees back-pressure it could notice.
      client.resume();
      upstream.resume();
    }
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer(carry);
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as { port: number }).port);
      });
    });

  // close() stops accepting at once; its callback would wait for every carried connection to end.
  const stopListening = () => {
    server?.close();
    server = undefined;
    return Promise.resolve();
  };

  const cut = async () => {
    const closing = stopListening();
    stalled = false;
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    for (const client of held) client.resetAndDestroy();
    held.clear();
    await closing;
  };

  const port = await listen(0);
  return {
    host: '127.0.0.1',
    port,
    refuse: stopListening,
    cut,
    stall,
    async restore() {
      if (server) return;
      // The port was ours a moment ago; retry briefly in case the kernel holds it.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await listen(port);
          return;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    close: cut,
  };
}
