import type { TeamRole } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { insertInvite } from './invites-repo';
import { listMembers } from './repo';
import { TEAM_MESSAGES } from './team-messages';

export async function inviteMember(
  { db }: { db: Db },
  input: { team: TeamAccess; invitedBy: number; email: string; role: TeamRole },
) {
  const members = await listMembers(db, input.team.id);
  if (members.some((member) => member.email.toLowerCase() === input.email)) {
    throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember, {
      email: TEAM_MESSAGES.alreadyMember,
    });
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
      throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInvited, {
        email: TEAM_MESSAGES.alreadyInvited,
      });
    }
    throw error;
  }
}
