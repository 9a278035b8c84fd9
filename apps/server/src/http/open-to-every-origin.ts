import type { AppInstance } from './types';

/**
 * For routes customers' pages call from their own sites (the tracker, event collection):
 * every answer of `scope` says any origin may read it, plus the route group's own headers.
 */
export function openToEveryOrigin(scope: AppInstance, headers: Record<string, string>): void {
  scope.addHook('onRequest', async (_request, reply) => {
    void reply.header('access-control-allow-origin', '*').headers(headers);
  });
}
