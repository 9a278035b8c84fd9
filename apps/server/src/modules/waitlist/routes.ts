import { waitlistChangeSchema, waitlistQuerySchema, waitlistViewSchema } from '@kindling/domain';
import { requireTeam, requireUser, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getWaitlist } from './get-waitlist';
import { joinWaitlist } from './join-waitlist';
import { leaveWaitlist } from './leave-waitlist';

const tags = ['waitlist'];
const security = [{ bearer: [] }];
const response = { 200: waitlistViewSchema };

export function waitlistRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/waitlist',
    {
      schema: {
        tags,
        security,
        summary: 'What the team waits for: the catalogue of coming capabilities',
        params: teamParams,
        querystring: waitlistQuerySchema,
        response,
      },
    },
    (request) =>
      getWaitlist(services, {
        team: requireTeam(request),
        ...(request.query.entry ? { entry: request.query.entry } : {}),
      }),
  );

  scope.post(
    '/waitlist/join',
    {
      schema: {
        tags,
        security,
        summary: 'Puts the team on one entry’s waitlist',
        params: teamParams,
        body: waitlistChangeSchema,
        response,
      },
    },
    (request) =>
      joinWaitlist(services, {
        team: requireTeam(request),
        userId: requireUser(request).id,
        entry: request.body.entry,
      }),
  );

  scope.post(
    '/waitlist/leave',
    {
      schema: {
        tags,
        security,
        summary: 'Takes the team off one entry’s waitlist',
        params: teamParams,
        body: waitlistChangeSchema,
        response,
      },
    },
    (request) => leaveWaitlist(services, { team: requireTeam(request), entry: request.body.entry }),
  );
}
