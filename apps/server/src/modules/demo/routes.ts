import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { createDemoCampaign } from './create-demo-campaign';

export function demoRoutes(scope: AppInstance, services: AppServices): void {
  scope.post(
    '/campaign/demo',
    {
      schema: {
        tags: ['campaigns'],
        security: [{ bearer: [] }],
        summary: 'Adds a demo campaign with generated statistics dated up to 1999-12-31',
        params: teamParams,
      },
    },
    async (request, reply) => {
      const created = await createDemoCampaign(services, { teamId: requireTeam(request).id });
      return reply.status(201).send(created);
    },
  );
}
