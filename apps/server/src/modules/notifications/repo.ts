import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface NotificationRow {
  id: number;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  read: boolean;
}

export function insertNotification(
  db: Db,
  teamId: number,
  notification: { title: string; body: string; link: string | null },
) {
  return db
    .insertInto('notifications')
    .values({ teamId, ...notification })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
}

/** The team's notifications, newest first, each with whether `userId` has read it. */
export async function listNotifications(
  db: Db,
  {
    teamId,
    userId,
    offset,
    limit,
  }: { teamId: number; userId: number; offset: number; limit: number },
): Promise<NotificationRow[]> {
  const rows = await db
    .selectFrom('notifications')
    .leftJoin('notificationReads', (join) =>
      join
        .onRef('notificationReads.notificationId', '=', 'notifications.id')
        .on('notificationReads.userId', '=', userId)
        .on('notificationReads.teamId', '=', teamId),
    )
    .select([
      'notifications.id',
      'notifications.title',
      'notifications.body',
      'notifications.link',
      'notifications.createdAt',
      'notificationReads.readAt',
    ])
    .where('notifications.teamId', '=', teamId)
    .orderBy('notifications.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map(({ readAt, ...row }) => ({ ...row, read: readAt !== null }));
}

export async function countNotifications(db: Db, teamId: number): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('teamId', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function countUnread(db: Db, teamId: number, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('notifications.teamId', '=', teamId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notificationReads')
            .select(sql`1`.as('one'))
            .whereRef('notificationReads.notificationId', '=', 'notifications.id')
            .where('notificationReads.userId', '=', userId)
            .where('notificationReads.teamId', '=', teamId),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Which of `ids` are notifications of this team. */
export async function findTeamNotificationIds(
  db: Db,
  teamId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .select('id')
    .where('teamId', '=', teamId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

/** Marks the team's notifications read for `userId`: the listed ones, or all when `ids` is null. */
export async function insertReads(
  db: Db,
  { teamId, userId, ids }: { teamId: number; userId: number; ids: readonly number[] | null },
): Promise<void> {
  if (ids !== null && ids.length === 0) return;
  let source = db
    .selectFrom('notifications')
    .select([
      'notifications.id as notificationId',
      sql<number>`${userId}::integer`.as('userId'),
      sql<number>`${teamId}::integer`.as('teamId'),
    ])
    .where('notifications.teamId', '=', teamId);
  if (ids !== null) source = source.where('notifications.id', 'in', ids);
  await db
    .insertInto('notificationReads')
    .columns(['notificationId', 'userId', 'teamId'])
    .expression(source)
    .onConflict((conflict) => conflict.columns(['notificationId', 'userId']).doNothing())
    .execute();
}

/**
 * Who gets a notification by mail: the team's members with a proven address (a link sent to it
 * was followed) who have not turned notification mails off. The guest account never gets mail.
 */
export async function findMailRecipients(db: Db, teamId: number) {
  return db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select('users.email')
    .where('teamMembers.teamId', '=', teamId)
    .where('users.isGuest', '=', false)
    .where('users.emailVerifiedAt', 'is not', null)
    .where(sql<boolean>`coalesce(users.preferences->>'notificationMails', 'true') <> 'false'`)
    .orderBy('users.id')
    .execute();
}

export function findTeamSlug(db: Db, teamId: number) {
  return db
    .selectFrom('teams')
    .select(['slug', 'name'])
    .where('id', '=', teamId)
    .executeTakeFirst();
}
