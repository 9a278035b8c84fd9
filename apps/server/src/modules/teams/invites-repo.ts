import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import type { TeamRole } from '@kindling/domain';

export function insertInvite(
  db: Db,
  invite: {
    teamId: number;
    email: string;
    role: TeamRole;
    invitedBy: number;
    tokenHash: string;
    expiresAt: Date;
  },
) {
  return db
    .insertInto('teamInvites')
    .values(invite)
    .returning(['id', 'email', 'role', 'createdAt', 'expiresAt'])
    .executeTakeFirstOrThrow();
}

/** A new secret for a pending invitation: the old link stops working. */
export function replaceInviteToken(
  db: Db,
  where: { teamId: number; inviteId: number },
  token: { tokenHash: string; expiresAt: Date },
) {
  return db
    .updateTable('teamInvites')
    .set(token)
    .where('teamId', '=', where.teamId)
    .where('id', '=', where.inviteId)
    .where('acceptedAt', 'is', null)
    .returning(['id', 'email', 'role', 'createdAt', 'expiresAt'])
    .executeTakeFirst();
}

export function listPendingInvites(db: Db, teamId: number) {
  return db
    .selectFrom('teamInvites')
    .select(['id', 'email', 'role', 'createdAt', 'expiresAt'])
    .where('teamId', '=', teamId)
    .where('acceptedAt', 'is', null)
    .orderBy('createdAt')
    .execute();
}

export function deletePendingInvite(db: Db, teamId: number, inviteId: number) {
  return db
    .deleteFrom('teamInvites')
    .where('teamId', '=', teamId)
    .where('id', '=', inviteId)
    .where('acceptedAt', 'is', null)
    .executeTakeFirst();
}

const invitedAddress = sql<string>`lower(team_invites.email)`;
const inviteeAddress = sql<string>`lower(invitee.email)`;

/** Invitations sent to the user's account address, and whether that address is verified. */
export function listInvitesForUser(db: Db, userId: number) {
  return db
    .selectFrom('teamInvites')
    .innerJoin('users as invitee', (join) => join.on(invitedAddress, '=', inviteeAddress))
    .innerJoin('teams', 'teams.id', 'teamInvites.teamId')
    .innerJoin('users as inviter', 'inviter.id', 'teamInvites.invitedBy')
    .select([
      'teamInvites.id',
      'teamInvites.role',
      'teams.slug',
      'teams.name',
      'inviter.realName as invitedBy',
      'invitee.emailVerifiedAt',
    ])
    .where('invitee.id', '=', userId)
    .where('teamInvites.acceptedAt', 'is', null)
    .orderBy('teamInvites.createdAt')
    .execute();
}

/** A pending invitation to the user's account address, locked for accepting. */
export function findPendingInviteForUser(tx: Tx, inviteId: number, userId: number) {
  return tx
    .selectFrom('teamInvites')
    .innerJoin('teams', 'teams.id', 'teamInvites.teamId')
    .innerJoin('users as invitee', (join) => join.on(invitedAddress, '=', inviteeAddress))
    .select([
      'teamInvites.id',
      'teamInvites.teamId',
      'teamInvites.role',
      'teams.slug',
      'invitee.emailVerifiedAt',
    ])
    .where('teamInvites.id', '=', inviteId)
    .where('invitee.id', '=', userId)
    .where('teamInvites.acceptedAt', 'is', null)
    .forUpdate('teamInvites')
    .executeTakeFirst();
}

/**
 * The pending invitation a link's secret belongs to, with what its screen shows. With `lock`
 * (inside a transaction) a second accept waits for the first, then finds the invite used.
 */
export function findPendingInviteByToken(
  db: Db | Tx,
  tokenHash: string,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = db
    .selectFrom('teamInvites')
    .innerJoin('teams', 'teams.id', 'teamInvites.teamId')
    .innerJoin('users as inviter', 'inviter.id', 'teamInvites.invitedBy')
    .select([
      'teamInvites.id',
      'teamInvites.teamId',
      'teamInvites.role',
      'teamInvites.email',
      'teamInvites.expiresAt',
      'teams.slug',
      'teams.name',
      'inviter.realName as invitedBy',
    ])
    .where('teamInvites.tokenHash', '=', tokenHash)
    .where('teamInvites.acceptedAt', 'is', null);
  return (lock ? query.forUpdate('teamInvites') : query).executeTakeFirst();
}

export function markInviteAccepted(tx: Tx, inviteId: number) {
  return tx
    .updateTable('teamInvites')
    .set({ acceptedAt: new Date(), tokenHash: null })
    .where('id', '=', inviteId)
    .execute();
}
