import { NOTIFICATION_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { countUnread, findTeamNotificationIds, insertReads } from './repo';

/**
 * Marks notifications read for one member: the listed ids, or all of the team's when `ids` is
 * absent. An id that is not this team's refuses the whole request (404, nothing marked), so a
 * member learns nothing about other teams' notifications.
 */
export async function markNotificationsRead(
  { db }: { db: Db },
  input: { team: TeamAccess; userId: number; ids: number[] | undefined },
): Promise<{ unreadCount: number }> {
  const teamId = input.team.id;
  const ids = input.ids ? [...new Set(input.ids)] : null;
  if (ids) {
    const found = await findTeamNotificationIds(db, teamId, ids);
    if (found.length !== ids.length) throw notFound(NOTIFICATION_MESSAGES.notFound);
  }
  await insertReads(db, { teamId, userId: input.userId, ids });
  return { unreadCount: await countUnread(db, teamId, input.userId) };
}
