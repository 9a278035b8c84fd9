import { emailSchema, FEATURE_FLAGS, teamNameSchema, teamRoleSchema } from '@kindling/domain';
import { z } from 'zod';
import { teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { authenticate } from '../auth/authenticate';
import { createTeam } from './create-team';
import { getMembers, inviteMember, removeMember, revokeInvite } from './members';
import { findTeam, renameTeam, setFeatureFlags } from './repo';
import { requireOwner, requireTeam } from './team-access';

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
}

export function teamScopedRoutes(scope: AppInstance, services: AppServices): void {
  const { db } = services;
  const presentTeam = async (teamId: number, role: string) => {
    const team = await findTeam(db, teamId);
    return {
      slug: team.slug,
      name: team.name,
      role,
      subscription: team.subscription,
      featureFlags: team.featureFlags,
    };
  };

  scope.get('/', { schema: { tags, security, params: teamParams } }, async (request) => {
    const team = requireTeam(request);
    return { team: await presentTeam(team.id, team.role) };
  });

  scope.post(
    '/save',
    { schema: { tags, security, params: teamParams, body: z.object({ name: teamNameSchema }) } },
    async (request) => {
      const team = requireOwner(request);
      await renameTeam(db, team.id, request.body.name);
      return { team: await presentTeam(team.id, team.role) };
    },
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
    async (request) => {
      const team = requireOwner(request);
      const current = new Set((await findTeam(db, team.id)).featureFlags);
      if (request.body.enabled) current.add(request.body.flag);
      else current.delete(request.body.flag);
      const featureFlags = FEATURE_FLAGS.filter((flag) => current.has(flag));
      await setFeatureFlags(db, team.id, featureFlags);
      return { featureFlags };
    },
  );

  scope.get('/members', { schema: { tags, security, params: teamParams } }, (request) =>
    getMembers(services, requireTeam(request)),
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
      const team = requireOwner(request);
      const invite = await inviteMember(services, {
        team,
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
        querystring: z.object({ userId: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      const team = requireTeam(request);
      await removeMember(services, {
        team,
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
        querystring: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (request, reply) => {
      await revokeInvite(services, requireOwner(request), request.query.id);
      return reply.status(204).send();
    },
  );
}
