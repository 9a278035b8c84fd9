import {
  emailSchema,
  FEATURE_FLAGS,
  teamNameSchema,
  teamRoleSchema,
  correctionSchema,
  teamScreenUrl,
  timeZoneSchema,
  rowId,
  rowIdParam,
} from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOwner, requireTeam, requireUser, teamParams } from '../../http/team-scope';
import { adminUrl, appLink } from '../../http/app-origin';
import { idQuery } from '../../http/row-id';
import type { AppInstance, AppServices, TeamAccess } from '../../http/types';
import { authenticate } from '../auth/authenticate';
import { forwardingRoutes } from '../analytics-forwarding/routes';
import { holdoutRoutes } from '../holdout/routes';
import { webhookRoutes } from '../webhooks/routes';
import { acceptInvite } from './accept-invite';
import { acceptInviteLink, viewInviteLink } from './accept-invite-link';
import { createTeam } from './create-team';
import { getMembers } from './get-members';
import { getTeam } from './get-team';
import type { InviteLinks } from './invite-link';
import { inviteMember } from './invite-member';
import { listMyInvites } from './list-my-invites';
import { removeMember } from './remove-member';
import { renameTeam } from './rename-team';
import { setStatsCorrection } from './set-stats-correction';
import { setTeamTimeZone } from './set-team-time-zone';
import { renewInviteLink } from './renew-invite-link';
import { revokeInvite } from './revoke-invite';
import { setFeatureFlag } from './set-feature-flag';

const tags = ['teams'];
const security = [{ bearer: [] }];
const inviteToken = z.string().min(1).max(200);

function inviteLinks(
  { config }: AppServices,
  request: FastifyRequest,
  team: TeamAccess,
): InviteLinks {
  return {
    accept: (token) => appLink(config, request, '/admin/auth/invite', { token }),
    team: teamScreenUrl(adminUrl(config, request), team.slug, '/campaigns'),
  };
}

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

  app.get(
    '/api/invites/link',
    {
      schema: {
        tags,
        summary: 'What an invitation link invites to (no sign-in needed)',
        querystring: z.object({ token: inviteToken }),
      },
    },
    (request) => viewInviteLink(services, request.query),
  );

  app.post(
    '/api/invites/link/accept',
    {
      schema: {
        tags,
        security,
        summary: 'Joins the team with the invitation link; any signed-in account may use it once',
        body: z.object({ token: inviteToken }),
      },
    },
    async (request) => {
      const user = await authenticate(services, request);
      return acceptInviteLink(services, { userId: user.id, token: request.body.token });
    },
  );

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
  // The global holdout (issue 31), webhooks and analytics forwarding (issue 33) are team
  // settings with own modules.
  holdoutRoutes(scope, services);
  webhookRoutes(scope, services);
  forwardingRoutes(scope, services);

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

  scope.post(
    '/stats-settings',
    {
      schema: {
        tags,
        security,
        summary:
          "Sets how the team's verdicts correct for several variants: holm (family-wise) or benjamini-hochberg",
        params: teamParams,
        body: z.object({ correction: correctionSchema }),
      },
    },
    (request) =>
      setStatsCorrection(services, {
        team: requireOwner(request),
        correction: request.body.correction,
      }),
  );

  scope.post(
    '/time-zone',
    {
      schema: {
        tags,
        security,
        summary:
          "Sets the zone (IANA name, e.g. Europe/Berlin) the team's schedules are shown and edited in; owners only",
        params: teamParams,
        body: z.object({ timeZone: timeZoneSchema }),
      },
    },
    (request) =>
      setTeamTimeZone(services, { team: requireOwner(request), timeZone: request.body.timeZone }),
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
      const team = requireOwner(request);
      const answer = await inviteMember(services, {
        team,
        invitedBy: requireUser(request).id,
        email: request.body.email,
        role: request.body.role,
        links: inviteLinks(services, request, team),
      });
      return reply.status(201).send(answer);
    },
  );

  scope.post(
    '/invites/renew',
    {
      schema: {
        tags,
        security,
        params: teamParams,
        summary: 'A new invitation link (the old one stops working), mailed again',
        body: z.object({ id: rowId }),
      },
    },
    (request) => {
      const team = requireOwner(request);
      return renewInviteLink(services, {
        team,
        actorId: requireUser(request).id,
        inviteId: request.body.id,
        links: inviteLinks(services, request, team),
      });
    },
  );

  scope.delete(
    '/members/remove',
    {
      schema: {
        tags,
        security,
        params: teamParams,
        querystring: z.object({ userId: rowIdParam }),
      },
    },
    async (request, reply) => {
      await removeMember(services, {
        team: requireTeam(request),
        actorId: requireUser(request).id,
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
