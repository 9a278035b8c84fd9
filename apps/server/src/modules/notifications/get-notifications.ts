import { PAGE_SIZE, totalPages, type NotificationList } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { countNotifications, countUnread, listNotifications } from './repo';

/** One page (30, newest first) of the team's notifications, read flags for `userId`. */
export async function getNotifications(
  { db }: { db: Db },
  input: { team: TeamAccess; userId: number; page: number },
): Promise<NotificationList> {
  const teamId = input.team.id;
  const [total, unreadCount] = await Promise.all([
    countNotifications(db, teamId),
    countUnread(db, teamId, input.userId),
  ]);
  const pages = totalPages(total, PAGE_SIZE);
  // A page past the end (there are fewer now) shows the last page rather than nothing.
  const page = Math.min(input.page, pages);
  const rows = await listNotifications(db, {
    teamId,
    userId: input.userId,
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: new Date(row.createdAt).toISOString(),
      read: row.read,
    })),
    unreadCount,
    page,
    pageSize: PAGE_SIZE,
    totalItems: total,
    totalPages: pages,
  };
}
