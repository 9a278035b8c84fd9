import { notificationListSchema, unreadCountSchema, type NotificationList } from '@kindling/domain';
import { api, teamApiPath } from '../../../lib/api-client';

/** ['notifications', team, ...]: the unread count and the list, invalidated together. */
export const notificationsKey = (team: string) => ['notifications', team] as const;
export const unreadCountKey = (team: string) => [...notificationsKey(team), 'unread'] as const;
export const notificationListKey = (team: string) => [...notificationsKey(team), 'list'] as const;

export function fetchUnreadCount(team: string): Promise<{ unreadCount: number }> {
  return api.get(teamApiPath(team, '/notifications/unread-count'), { schema: unreadCountSchema });
}

export function fetchNotifications(team: string, page: number): Promise<NotificationList> {
  return api.get(teamApiPath(team, '/notifications', { page }), {
    schema: notificationListSchema,
  });
}

/** The listed ids, or all of the team's when `ids` is absent. */
export function markNotificationsRead(
  team: string,
  ids?: number[],
): Promise<{ unreadCount: number }> {
  return api.post(teamApiPath(team, '/notifications/read'), ids ? { ids } : {}, {
    schema: unreadCountSchema,
  });
}
