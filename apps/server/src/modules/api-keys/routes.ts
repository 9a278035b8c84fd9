import { apiKeyNameSchema, apiKeyScopeSchema } from '@kindling/domain';
import { z } from 'zod';
import { teamParams, requireOwner, requireTeam, requireUser } from '../../http/team-scope';
import { idQuery } from '../../http/row-id';
import type { AppInstance, AppServices } from '../../http/types';
import { createApiKey } from './create-api-key';
import { getApiKeys } from './get-api-keys';
import { revokeApiKey } from './revoke-api-key';

const tags = ['api-keys'];
const security = [{ bearer: [] }];

export function apiKeyRoutes(scope: AppInstance, services: AppServices): void {
  scope.get('/api-keys', { schema: { tags, security, params: teamParams } }, (request) =>
    getApiKeys(services, { team: requireTeam(request) }),
  );

  scope.post(
    '/api-keys/create',
    {
      schema: {
        tags,
        security,
        params: teamParams,
        body: z.object({ name: apiKeyNameSchema, scope: apiKeyScopeSchema.default('read') }),
      },
    },
    async (request, reply) => {
      const team = requireOwner(request);
      const created = await createApiKey(services, {
        team,
        userId: requireUser(request).id,
        name: request.body.name,
        scope: request.body.scope,
      });
      return reply.status(201).send(created);
    },
  );

  scope.delete(
    '/api-keys/revoke',
    {
      schema: {
        tags,
        security,
        params: teamParams,
        querystring: idQuery,
      },
    },
    async (request, reply) => {
      await revokeApiKey(services, { team: requireOwner(request), id: request.query.id });
      return reply.status(204).send();
    },
  );
}
