import { z } from 'zod';
import type { AppInstance, AppServices } from './types';
import { resolveTeamAccess } from '../modules/teams/team-access';

export const TEAM_PREFIX = '/api/team/:team';
export const teamParams = z.object({ team: z.string() });

/**
 * Registers routes under /api/team/:team. Membership is checked in onRequest, before the body
 * is parsed or validated, so another team's member learns nothing but 404.
 */
export async function registerTeamScope(
  app: AppInstance,
  services: AppServices,
  register: (scope: AppInstance) => void,
): Promise<void> {
  await app.register(
    (scope, _options, done) => {
      scope.addHook('onRequest', async (request) => {
        await resolveTeamAccess(services, request);
      });
      register(scope);
      done();
    },
    { prefix: TEAM_PREFIX },
  );
}
