import type { FastifyRequest } from 'fastify';
import type { AppServices, TeamAccess } from '../../http/types';
import { authenticate } from '../auth/authenticate';
import { forbidden, notFound } from '../../errors';
import { findMembership } from './repo';

export const TEAM_NOT_FOUND = 'Team not found';

/**
 * Resolves `{team}` from the path and the caller's membership before any route code runs.
 * A non-member gets the same 404 as a missing team, so existence does not leak.
 */
export async function resolveTeamAccess(
  services: Pick<AppServices, 'db' | 'tokens'>,
  request: FastifyRequest,
): Promise<TeamAccess> {
  const user = await authenticate(services, request);
  const slug = (request.params as { team?: unknown }).team;
  if (typeof slug !== 'string') throw notFound(TEAM_NOT_FOUND);
  const membership = await findMembership(services.db, slug, user.id);
  if (!membership) throw notFound(TEAM_NOT_FOUND);
  request.team = membership;
  return membership;
}

export function requireTeam(request: FastifyRequest): TeamAccess {
  if (!request.team) throw notFound(TEAM_NOT_FOUND);
  return request.team;
}

export function requireOwner(request: FastifyRequest): TeamAccess {
  const team = requireTeam(request);
  if (team.role !== 'owner') throw forbidden('Only a team owner can do this.');
  return team;
}
