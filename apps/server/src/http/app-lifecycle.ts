import type { AppInstance, RouteAccess } from './types';

export interface RouteInfo {
  method: string;
  url: string;
  /** Whether the route reads or writes, as the guest guard sees it. */
  access: RouteAccess;
}

/** Every route as it is registered from now on, so tests can walk the live route table. */
export function recordRoutes(
  app: AppInstance,
  accessOf: (method: string, declared: RouteAccess | undefined) => RouteAccess,
): RouteInfo[] {
  const routes: RouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        routes.push({ method, url: route.url, access: accessOf(method, route.config?.access) });
      }
    }
  });
  return routes;
}

/**
 * Responses finished during shutdown close their connection; otherwise a keep-alive socket
 * would hold app.close() open until its idle timeout.
 */
export function closeConnectionsOnShutdown(app: AppInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
