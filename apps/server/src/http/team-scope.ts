import type { FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES } from '@kindling/domain';
import { z } from 'zod';
import { forbidden, notFound } from '../errors';
import { memberBodyLimit } from './body-limit';
import type { AppInstance, AuthenticatedUser, TeamAccess } from './types';

export const TEAM_PREFIX = '/api/team/:team';
export const TEAM_NOT_FOUND = 'Team not found';
export const teamParams = z.object({ team: z.string() });

/** Resolves `{team}` and the caller's membership, or throws the same 404 for both failures. */
export type ResolveTeam = (request: FastifyRequest) => Promise<TeamAccess>;

/**
 * Registers routes under /api/team/:team. Membership is checked in onRequest, before the body
 * is parsed or validated, so another team's member learns nothing but 404, and only members
 * can send the larger bodies these routes take (MEMBER_BODY_LIMIT_BYTES).
 */
export async function registerTeamScope(
  app: AppInstance,
  resolveTeam: ResolveTeam,
  register: (scope: AppInstance) => void,
): Promise<void> {
  await app.register(
    (scope, _options, done) => {
      scope.addHook('onRequest', async (request) => {
        request.team = await resolveTeam(request);
      });
      memberBodyLimit(scope);
      register(scope);
      done();
    },
    { prefix: TEAM_PREFIX },
  );
}

export function requireTeam(request: FastifyRequest): TeamAccess {
  if (!request.team) throw notFound(TEAM_NOT_FOUND);
  return request.team;
}

/** The signed-in person behind a team route; an API key (no person) is refused with 403. */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw forbidden(API_KEY_MESSAGES.needsMember);
  return request.user;
}

export function requireOwner(request: FastifyRequest): TeamAccess {
  const team = requireTeam(request);
  if (team.role !== 'owner') throw forbidden('Only a team owner can do this.');
  return team;
}
