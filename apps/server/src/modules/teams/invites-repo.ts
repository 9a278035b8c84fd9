import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import type { TeamRole } from '@kindling/domain';

export function insertInvite(
  db: Db,
  invite: { teamId: number; email: string; role: TeamRole; invitedBy: number },
) {
  return db
    .insertInto('teamInvites')
    .values(invite)
    .returning(['id', 'email', 'role', 'createdAt'])
    .executeTakeFirstOrThrow();
}

export function deletePendingInvite(db: Db, teamId: number, inviteId: number) {
  return db
    .deleteFrom('teamInvites')
    .where('teamId', '=', teamId)
    .where('id', '=', inviteId)
    .where('acceptedAt', 'is', null)
    .executeTakeFirst();
}

/** Invitations sent to the user's account address. */
export function listInvitesForUser(db: Db, userId: number) {
  return db
    .selectFrom('teamInvites')
    .innerJoin('users as invitee', (join) =>
      join.on(sql<string>`lower(team_invites.email)`, '=', sql<string>`lower(invitee.email)`),
    )
    .innerJoin('teams', 'teams.id', 'teamInvites.teamId')
    .innerJoin('users as inviter', 'inviter.id', 'teamInvites.invitedBy')
    .select([
      'teamInvites.id',
      'teamInvites.role',
      'teams.slug',
      'teams.name',
      'inviter.realName as invitedBy',
    ])
    .where('invitee.id', '=', userId)
    .where('teamInvites.acceptedAt', 'is', null)
    .orderBy('teamInvites.createdAt')
    .execute();
}

export function findPendingInviteForUser(tx: Tx, inviteId: number, userId: number) {
  return tx
    .selectFrom('teamInvites')
    .innerJoin('teams', 'teams.id', 'teamInvites.teamId')
    .innerJoin('users as invitee', (join) =>
      join.on(sql<string>`lower(team_invites.email)`, '=', sql<string>`lower(invitee.email)`),
    )
    .select(['teamInvites.id', 'teamInvites.teamId', 'teamInvites.role', 'teams.slug'])
    .where('teamInvites.id', '=', inviteId)
    .where('invitee.id', '=', userId)
    .where('teamInvites.acceptedAt', 'is', null)
    .forUpdate('teamInvites')
    .executeTakeFirst();
}

export function markInviteAccepted(tx: Tx, inviteId: number) {
  return tx
    .updateTable('teamInvites')
    .set({ acceptedAt: new Date() })
    .where('id', '=', inviteId)
    .execute();
}
