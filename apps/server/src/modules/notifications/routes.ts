import { markNotificationsReadSchema, notificationPageSchema } from '@kindling/domain';
import { z } from 'zod';
import { requireTeam, requireUser } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { countUnread } from './repo';
import { getNotifications } from './get-notifications';
import { markNotificationsRead } from './mark-notifications-read';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const params = z.object({ team: z.string() });

/**
 * A member's view of the team's notifications: GET /notifications?page=N, GET
 * /notifications/unread-count and POST /notifications/read. There is no create route: only the
 * server's own code tells a team something (notifyTeam).
 */
export function notificationRoutes(scope: AppInstance, services: Pick<AppServices, 'db'>): void {
  scope.get(
    '/notifications',
    {
      schema: {
        tags,
        security,
        summary: "The team's notifications, newest first, 30 a page, read flags for the caller",
        params,
        querystring: z.object({ page: notificationPageSchema }),
      },
    },
    (request) =>
      getNotifications(services, {
        team: requireTeam(request),
        userId: requireUser(request).id,
        page: request.query.page,
      }),
  );

  scope.get(
    '/notifications/unread-count',
    { schema: { tags, security, summary: 'How many the caller has not read', params } },
    async (request) => ({
      unreadCount: await countUnread(services.db, requireTeam(request).id, requireUser(request).id),
    }),
  );

  scope.post(
    '/notifications/read',
    {
      schema: {
        tags,
        security,
        summary: 'Marks the listed notifications read for the caller (all without ids)',
        params,
        body: markNotificationsReadSchema,
      },
    },
    (request) =>
      markNotificationsRead(services, {
        team: requireTeam(request),
        userId: requireUser(request).id,
        ids: request.body.ids,
      }),
  );
}
