import type { FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { TEAM_NOT_FOUND } from '../../http/team-scope';
import type { AppServices, TeamAccess } from '../../http/types';
import { authenticate } from '../auth/authenticate';
import { findMembership } from './repo';

/**
 * Resolves `{team}` from the path and the caller's membership before any route code runs.
 * A non-member gets the same 404 as a missing team, so existence does not leak.
 */
export async function resolveTeamAccess(
  services: Pick<AppServices, 'db' | 'tokens' | 'config'>,
  request: FastifyRequest,
): Promise<TeamAccess> {
  const user = await authenticate(services, request);
  const slug = (request.params as { team?: unknown }).team;
  if (typeof slug !== 'string') throw notFound(TEAM_NOT_FOUND);
  const membership = await findMembership(services.db, slug, user.id);
  if (!membership) throw notFound(TEAM_NOT_FOUND);
  return membership;
}
