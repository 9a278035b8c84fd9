import { emailSchema, FEATURE_FLAGS, teamNameSchema, teamRoleSchema } from '@kindling/domain';
import { z } from 'zod';
import { requireOwner, requireTeam, teamParams } from '../../http/team-scope';
import { idQuery, ROW_ID_MESSAGE, rowId } from '../../http/row-id';
import type { AppInstance, AppServices } from '../../http/types';
import { authenticate } from '../auth/authenticate';
import { acceptInvite } from './accept-invite';
import { createTeam } from './create-team';
import { getMembers } from './get-members';
import { getTeam } from './get-team';
import { inviteMember } from './invite-member';
import { listMyInvites } from './list-my-invites';
import { removeMember } from './remove-member';
import { renameTeam } from './rename-team';
import { revokeInvite } from './revoke-invite';
import { setFeatureFlag } from './set-feature-flag';

const tags = ['teams'];
const security = [{ bearer: [] }];

export function teamRoutes(app: AppInstance, services: AppServices): void {
  app.post(
    '/api/teams',
    { schema: { tags, security, body: z.object({ name: teamNameSchema }) } },
    async (request, reply) => {
      const user = await authenticate(services, request);
      const team = await createTeam(services, { userId: user.id, name: request.body.name });
      return reply.status(201).send(team);
    },
  );

  app.get('/api/user/invites', { schema: { tags: ['users'], security } }, async (request) => {
    const user = await authenticate(services, request);
    return { invites: await listMyInvites(services, { userId: user.id }) };
  });

  app.post(
    '/api/user/invites/accept',
    {
      schema: { tags: ['users'], security, body: z.object({ id: rowId }) },
    },
    async (request) => {
      const user = await authenticate(services, request);
      return acceptInvite(services, { userId: user.id, inviteId: request.body.id });
    },
  );
}

export function teamScopedRoutes(scope: AppInstance, services: AppServices): void {
  scope.get('/', { schema: { tags, security, params: teamParams } }, (request) =>
    getTeam(services, { team: requireTeam(request) }),
  );

  scope.post(
    '/save',
    { schema: { tags, security, params: teamParams, body: z.object({ name: teamNameSchema }) } },
    (request) => renameTeam(services, { team: requireOwner(request), name: request.body.name }),
  );

  scope.post(
    '/feature-flags',
    {
      schema: {
        tags,
        security,
        params: teamParams,
        body: z.object({ flag: z.enum(FEATURE_FLAGS), enabled: z.boolean() }),
      },
    },
    (request) => setFeatureFlag(services, { team: requireOwner(request), ...request.body }),
  );

  scope.get('/members', { schema: { tags, security, params: teamParams } }, (request) =>
    getMembers(services, { team: requireTeam(request) }),
  );

  scope.post(
    '/members/invite',
    {
      schema: {
        tags,
        security,
        params: teamParams,
        body: z.object({ email: emailSchema, role: teamRoleSchema.default('member') }),
      },
    },
    async (request, reply) => {
      const invite = await inviteMember(services, {
        team: requireOwner(request),
        invitedBy: request.user!.id,
        email: request.body.email,
        role: request.body.role,
      });
      return reply.status(201).send({ invite });
    },
  );

  scope.delete(
    '/members/remove',
    {
      schema: {
        tags,
        security,
        params: teamParams,
        querystring: z.object({ userId: z.coerce.number(ROW_ID_MESSAGE).pipe(rowId) }),
      },
    },
    async (request, reply) => {
      await removeMember(services, {
        team: requireTeam(request),
        actorId: request.user!.id,
        userId: request.query.userId,
      });
      return reply.status(204).send();
    },
  );

  scope.delete(
    '/invites/revoke',
    {
      schema: {
        tags,
        security,
        params: teamParams,
        querystring: idQuery,
      },
    },
    async (request, reply) => {
      await revokeInvite(services, { team: requireOwner(request), inviteId: request.query.id });
      return reply.status(204).send();
    },
  );
}
