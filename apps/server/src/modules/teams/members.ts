import type { TeamRole } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, forbidden, notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { findUserById, updateUser } from '../users/repo';
import {
  deletePendingInvite,
  findPendingInviteForEmail,
  insertInvite,
  listInvitesForEmail,
  markInviteAccepted,
} from './invites-repo';
import {
  countOwners,
  deleteMember,
  findMemberRole,
  insertMember,
  listMembers,
  listPendingInvites,
} from './repo';

export const MESSAGES = {
  alreadyMember: 'This person is already a member of the team',
  alreadyInvited: 'This person has already been invited',
  lastOwner: 'A team needs at least one owner. Make someone else an owner first.',
  inviteNotFound: 'This invitation no longer exists',
  memberNotFound: 'This person is not a member of the team',
} as const;

export async function getMembers({ db }: { db: Db }, team: TeamAccess) {
  const [members, invites] = await Promise.all([
    listMembers(db, team.id),
    listPendingInvites(db, team.id),
  ]);
  return {
    members: members.map(({ createdAt: _createdAt, ...member }) => member),
    invites: invites.map((invite) => ({ ...invite, createdAt: invite.createdAt.toISOString() })),
  };
}

export async function inviteMember(
  { db }: { db: Db },
  input: { team: TeamAccess; invitedBy: number; email: string; role: TeamRole },
) {
  const members = await listMembers(db, input.team.id);
  if (members.some((member) => member.email.toLowerCase() === input.email)) {
    throw new AppError('CONFLICT', MESSAGES.alreadyMember, { email: MESSAGES.alreadyMember });
  }
  try {
    const invite = await insertInvite(db, {
      teamId: input.team.id,
      email: input.email,
      role: input.role,
      invitedBy: input.invitedBy,
    });
    return { ...invite, createdAt: invite.createdAt.toISOString() };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', MESSAGES.alreadyInvited, { email: MESSAGES.alreadyInvited });
    }
    throw error;
  }
}

export async function revokeInvite({ db }: { db: Db }, team: TeamAccess, inviteId: number) {
  const result = await deletePendingInvite(db, team.id, inviteId);
  if (result.numDeletedRows === 0n) throw notFound(MESSAGES.inviteNotFound);
}

/** Owners remove anyone; a member may only remove themself (leave). The last owner stays. */
export async function removeMember(
  { db }: { db: Db },
  input: { team: TeamAccess; actorId: number; userId: number },
) {
  if (input.team.role !== 'owner' && input.actorId !== input.userId) throw forbidden();
  await db.transaction().execute(async (tx) => {
    const target = await findMemberRole(tx, input.team.id, input.userId);
    if (!target) throw notFound(MESSAGES.memberNotFound);
    if (target.role === 'owner' && (await countOwners(tx, input.team.id)) <= 1) {
      throw new AppError('CONFLICT', MESSAGES.lastOwner);
    }
    await deleteMember(tx, input.team.id, input.userId);
    const user = await findUserById(tx, input.userId);
    if (user?.defaultTeamId === input.team.id) {
      await updateUser(tx, input.userId, { defaultTeamId: null });
    }
  });
}

export async function listMyInvites({ db }: { db: Db }, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User not found');
  const invites = await listInvitesForEmail(db, user.email);
  return invites.map((invite) => ({
    id: invite.id,
    role: invite.role,
    invitedBy: invite.invitedBy,
    team: { slug: invite.slug, name: invite.name },
  }));
}

export async function acceptInvite(
  { db }: { db: Db },
  input: { userId: number; inviteId: number },
) {
  const user = await findUserById(db, input.userId);
  if (!user) throw notFound('User not found');
  return db.transaction().execute(async (tx) => {
    const invite = await findPendingInviteForEmail(tx, input.inviteId, user.email);
    if (!invite) throw notFound(MESSAGES.inviteNotFound);
    if (!(await findMemberRole(tx, invite.teamId, user.id))) {
      await insertMember(tx, { teamId: invite.teamId, userId: user.id, role: invite.role });
    }
    await markInviteAccepted(tx, invite.id);
    if (user.defaultTeamId === null) {
      await updateUser(tx, user.id, { defaultTeamId: invite.teamId });
    }
    return { slug: invite.slug };
  });
}
