import type { FastifyRequest } from 'fastify';

/**
 * Who a request acts as, for the audit log's triggers (db/audit-actor.ts): the signed-in person,
 * else the team's API key, else the system (a visitor's sign-up, Stripe's webhook), with the
 * request's id and route. Read when a statement runs: the person is known once the request is
 * authenticated.
 */
export function auditActorOf(request: FastifyRequest): string {
  const trail = {
    request: request.id,
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
  };
  if (request.user) return JSON.stringify({ type: 'user', id: request.user.id, ...trail });
  const key = request.team?.apiKey;
  if (key) return JSON.stringify({ type: 'api_key', id: key.id, ...trail });
  return JSON.stringify({ type: 'system', ...trail });
}
