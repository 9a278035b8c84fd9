import type { FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, TEAM_ROLE_MESSAGES } from '@kindling/domain';
import { forbidden, notFound, unauthenticated } from '../../errors';
import { TEAM_NOT_FOUND } from '../../http/team-scope';
import type { AppInstance, AppServices, TeamAccess } from '../../http/types';
import { authenticateApiKey } from '../api-keys/authenticate-api-key';
import { routeAccess } from '../auth/guest-guard';
import { authenticate } from '../auth/authenticate';
import { findMembership, findTeamBySlug } from './repo';

/**
 * Resolves `{team}` from the path and the caller's membership before any route code runs.
 * A non-member gets the same 404 as a missing team, so existence does not leak.
 */
export async function resolveTeamAccess(
  services: Pick<AppServices, 'db' | 'tokens' | 'config'>,
  request: FastifyRequest,
): Promise<TeamAccess> {
  const slug = (request.params as { team?: unknown }).team;
  const keySecret = request.headers.authorization?.match(/^ApiKey\s+(\S+)$/i)?.[1];
  if (keySecret !== undefined) return apiKeyAccess(services, { secret: keySecret, slug });
  const user = await authenticate(services, request);
  if (typeof slug !== 'string') throw notFound(TEAM_NOT_FOUND);
  const membership = await findMembership(services.db, slug, user.id);
  if (!membership) throw notFound(TEAM_NOT_FOUND);
  return membership;
}

/**
 * An API key's access to its own team, acting as a member with the key's scope (issue 35); an
 * unknown or revoked key is 401, another team's slug the same 404 as a missing team.
 */
async function apiKeyAccess(
  services: Pick<AppServices, 'db'>,
  { secret, slug }: { secret: string; slug: unknown },
): Promise<TeamAccess> {
  const key = await authenticateApiKey(services, { secret });
  if (!key) throw unauthenticated();
  const team = typeof slug === 'string' ? await findTeamBySlug(services.db, slug) : undefined;
  if (!team || team.id !== key.teamId) throw notFound(TEAM_NOT_FOUND);
  return {
    id: team.id,
    slug: team.slug,
    role: 'member',
    apiKey: { id: key.apiKeyId, scope: key.scope },
  };
}

/**
 * Keeps viewers and read keys to reading: on a team route that writes (routeAccess: its own say,
 * else the method), they are refused with 403 before the body is validated.
 */
export function refuseReadOnlyAccess(scope: AppInstance): void {
  scope.addHook('preValidation', (request: FastifyRequest) => {
    const team = request.team;
    const refusal =
      team?.role === 'viewer'
        ? TEAM_ROLE_MESSAGES.viewerReadOnly
        : team?.apiKey?.scope === 'read'
          ? API_KEY_MESSAGES.readOnly
          : null;
    if (refusal && routeAccess(request.method, request.routeOptions.config.access) === 'write') {
      return Promise.reject(forbidden(refusal));
    }
    return Promise.resolve();
  });
}
