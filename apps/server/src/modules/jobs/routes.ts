import { z } from 'zod';
import { teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { requireTeam } from '../teams/team-access';
import { getJob } from './get-job';

const tags = ['jobs'];
const security = [{ bearer: [] }];
const idQuery = z.object({ id: z.uuid('id must be a job id').toLowerCase() });

export function jobRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/jobs/by-id',
    { schema: { tags, security, params: teamParams, querystring: idQuery } },
    (request) => getJob(services.db, { teamId: requireTeam(request).id, id: request.query.id }),
  );
}
