import { z } from 'zod';
import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getJob } from './get-job';

const tags = ['jobs'];
const security = [{ bearer: [] }];
const idQuery = z.object({ id: z.uuid('id must be a job id').toLowerCase() });

export function jobRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/jobs/by-id',
    { schema: { tags, security, params: teamParams, querystring: idQuery } },
    (request) => getJob(services, { teamId: requireTeam(request).id, id: request.query.id }),
  );
}
