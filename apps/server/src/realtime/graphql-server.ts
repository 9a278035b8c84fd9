import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError } from './graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { AppInstance, AppServices } from '../http/types';
import { authenticateConnection } from './authenticate-connection';
import type { ChannelPolicies } from './channel-policies';
import type { ConnectionAuthenticators, ConnectionIdentity } from './identity';
import { createRealtimeSchema, type RealtimeContext } from './schema';

export const REALTIME_PATH = '/api/realtime';
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
/** Clients send only small protocol messages; ws would otherwise accept 100 MiB frames. */
const MAX_PAYLOAD_BYTES = 64 * 1024;
/** How long shutdown waits for clients to answer the close handshake before cutting them off. */
const CLOSE_GRACE_MS = 1000;

type ConnectionExtra = { identity: ConnectionIdentity };

/**
 * Serves the GraphQL subscription `subscribe(name)` over graphql-ws at /api/realtime, on the
 * app's own HTTP server. A connection is accepted only with a valid access token of a live
 * session or a team API key that is not revoked (otherwise closed 4403), and every new
 * subscription checks again, so signing out or revoking the key stops new subscriptions on a
 * connection that is already open.
 */
export function installRealtime(
  app: AppInstance,
  {
    services,
    authenticators,
    channels,
  }: {
    services: Pick<AppServices, 'bus' | 'config'>;
    authenticators: ConnectionAuthenticators;
    channels: ChannelPolicies;
  },
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  useServer<Record<string, unknown>, ConnectionExtra>(
    {
      schema: createRealtimeSchema({ bus: services.bus, channels, log: app.log }),
      isProd: services.config.NODE_ENV === 'production',
      context: ({ extra }): RealtimeContext => {
        if (!extra.identity) throw new Error('subscription on an unauthenticated connection');
        return { identity: extra.identity };
      },
      onConnect: async (ctx) => {
        const identity = await authenticateConnection(authenticators, ctx.connectionParams);
        if (!identity) return false;
        ctx.extra.identity = identity;
        return true;
      },
      onSubscribe: async (ctx) => {
        if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return [new GraphQLError('Too many subscriptions on one connection')];
        }
        if (!(await authenticateConnection(authenticators, ctx.connectionParams))) {
          // The client reconnects with a fresh token (or gives up when signed out).
          ctx.extra.socket.close(CloseCode.Forbidden, 'Forbidden');
          return [new GraphQLError('Forbidden')];
        }
        return undefined;
      },
    },
    wss,
  );

  let closing = false;
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (pathOf(request) !== REALTIME_PATH) {
      // Another listener may serve other paths; with none, an unanswered socket would hang.
      if (app.server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404);
      return;
    }
    if (closing) {
      refuseUpgrade(socket, 503);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  app.server.on('upgrade', onUpgrade);

  // preClose, not onClose: the HTTP server's close waits for upgraded sockets to end.
  app.addHook('preClose', async () => {
    closing = true;
    await closeWebSocketServer(wss);
    app.server.off('upgrade', onUpgrade);
  });
}

function pathOf(request: IncomingMessage): string {
  try {
    return new URL(request.url ?? '/', 'http://localhost').pathname;
  } catch {
    return '';
  }
}

function refuseUpgrade(socket: Duplex, status: number): void {
  socket.on('error', () => {});
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  );
}

/** Closes every client (their subscriptions end, which unsubscribes them from the bus). */
function closeWebSocketServer(wss: WebSocketServer): Promise<void> {
  return new Promise((resolve) => {
    for (const client of wss.clients) client.close(1001, 'Server shutting down');
    const cutOff = setTimeout(() => {
      for (const client of wss.clients) client.terminate();
    }, CLOSE_GRACE_MS);
    wss.close(() => {
      clearTimeout(cutOff);
      resolve();
    });
  });
}
