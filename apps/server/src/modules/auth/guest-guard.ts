import { GUEST_MESSAGES } from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../errors';
import type { AppInstance, RouteAccess } from '../../http/types';
import type { TokenService } from './tokens';

/** What a route does: its own say, else GET (and HEAD, OPTIONS) reads and the rest writes. */
export function routeAccess(method: string, access: RouteAccess | undefined): RouteAccess {
  return access ?? (['GET', 'HEAD', 'OPTIONS'].includes(method) ? 'read' : 'write');
}

/**
 * The one check that keeps guests read-only: every route that writes refuses a guest's access
 * token with 403, whatever module it lives in. It runs before validation but after the team
 * scope resolved `{team}`, so a guest still learns nothing but 404 about other teams. The role
 * is a claim of the signed token: no database call; the route itself still checks the session.
 */
export function installGuestGuard(app: AppInstance, { tokens }: { tokens: TokenService }): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (routeAccess(request.method, request.routeOptions.config.access) === 'read') return;
    const token = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) return;
    const claims = await tokens.verifyAccessToken(token).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    if (claims?.guest) throw forbidden(GUEST_MESSAGES.readOnly);
  });
}
