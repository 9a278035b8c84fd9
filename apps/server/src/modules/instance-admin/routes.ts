import {
  instanceFlagChangeSchema,
  instancePageSchema,
  instanceTeamSearchSchema,
} from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance, AppServices } from '../../http/types';
import { listInstanceTeams } from './list-instance-teams';
import { requireInstanceAdmin, type InstanceAdmin } from './require-instance-admin';
import { setInstanceTeamFlag } from './set-instance-team-flag';

const tags = ['instance-admin'];
const security = [{ bearer: [] }];
export const INSTANCE_ADMIN_PREFIX = '/api/instance-admin';

const admins = new WeakMap<FastifyRequest, InstanceAdmin>();
function adminOf(request: FastifyRequest): InstanceAdmin {
  const admin = admins.get(request);
  if (!admin) throw new Error('instance admin route without its check');
  return admin;
}

/**
 * Instance administration: every team's feature flags. The administrator check runs before the
 * input is validated (a non-administrator learns nothing, not even what input is expected), and
 * every call, refused or not, leaves an audit line in the server log.
 */
export function instanceAdminRoutes(app: AppInstance, services: AppServices): void {
  void app.register(
    (plugin, _options, registered) => {
      const scope = plugin.withTypeProvider<ZodTypeProvider>();
      scope.addHook('preValidation', async (request) => {
        admins.set(request, await requireInstanceAdmin(services, request));
      });
      scope.addHook('onResponse', (request, reply, done) => {
        const admin = admins.get(request);
        if (admin) {
          request.log.info(
            {
              audit: 'instance-admin',
              actor: { id: admin.id, email: admin.email },
              method: request.method,
              url: request.url,
              statusCode: reply.statusCode,
            },
            'instance admin call',
          );
        }
        done();
      });

      scope.get(
        '/teams',
        {
          schema: {
            tags,
            security,
            summary: 'Every team (30 a page, by name), with flags, member count and subscription',
            querystring: z.object({ search: instanceTeamSearchSchema, page: instancePageSchema }),
          },
        },
        (request) => listInstanceTeams(services, { admin: adminOf(request), ...request.query }),
      );

      scope.post(
        '/feature-flags',
        {
          schema: {
            tags,
            security,
            summary: "Turns one feature flag on or off for one team (the team's Labs list)",
            body: instanceFlagChangeSchema,
          },
        },
        (request) =>
          setInstanceTeamFlag(
            { db: services.db, log: request.log },
            { admin: adminOf(request), ...request.body },
          ),
      );
      registered();
    },
    { prefix: INSTANCE_ADMIN_PREFIX },
  );
}
