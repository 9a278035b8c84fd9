import { saveDraftSchema } from '@kindling/domain';
import { teamParams, requireTeam } from '../../http/team-scope';
import { idQuery } from '../../http/row-id';
import type { AppInstance, AppServices } from '../../http/types';
import { deleteDraft } from './delete-draft';
import { getDraft, getDrafts } from './get-drafts';
import { saveDraft } from './save-draft';

const tags = ['drafts'];
const security = [{ bearer: [] }];

export function draftRoutes(scope: AppInstance, services: AppServices): void {
  scope.get('/draft/all', { schema: { tags, security, params: teamParams } }, (request) =>
    getDrafts(services, { teamId: requireTeam(request).id }),
  );

  scope.get(
    '/draft/by-id',
    { schema: { tags, security, params: teamParams, querystring: idQuery } },
    (request) => getDraft(services, { teamId: requireTeam(request).id, id: request.query.id }),
  );

  scope.post(
    '/draft/save',
    {
      schema: {
        tags,
        security,
        summary: 'Saves a campaign being built; 409 when another save came first',
        params: teamParams,
        body: saveDraftSchema,
      },
    },
    (request) =>
      saveDraft(services, {
        teamId: requireTeam(request).id,
        userId: request.user?.id ?? null,
        draft: request.body,
      }),
  );

  scope.delete(
    '/draft/delete',
    { schema: { tags, security, params: teamParams, querystring: idQuery } },
    async (request, reply) => {
      await deleteDraft(services, { teamId: requireTeam(request).id, id: request.query.id });
      return reply.status(204).send();
    },
  );
}
