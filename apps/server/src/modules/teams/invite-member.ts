import { ACCOUNT_MESSAGES, isReservedEmail, type TeamRole } from '@kindling/domain';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError, validationError } from '../../errors';
import type { TeamAccess } from '../../http/types';
import type { Mailer } from '../../mail/mailer';
import { deliverInvite, newInviteToken, type InviteLinks } from './invite-link';
import { insertInvite } from './invites-repo';
import { listMembers } from './repo';
import { TEAM_MESSAGES } from './team-messages';

/** Stores the invitation with a single-use link; whoever opens the link proves they got it. */
export async function inviteMember(
  deps: { db: Db; mailer: Mailer },
  input: {
    team: TeamAccess;
    invitedBy: number;
    email: string;
    role: TeamRole;
    links: InviteLinks;
  },
) {
  // The shared guest account cannot join a team: an invitation to it would only show every
  // guest a team name of the inviter's choosing.
  if (isReservedEmail(input.email)) {
    throw validationError(ACCOUNT_MESSAGES.email, { email: ACCOUNT_MESSAGES.email });
  }
  const members = await listMembers(deps.db, input.team.id);
  if (members.some((member) => member.email.toLowerCase() === input.email)) {
    throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember, {
      email: TEAM_MESSAGES.alreadyMember,
    });
  }
  const { token, stored } = newInviteToken();
  let invite;
  try {
    invite = await insertInvite(deps.db, {
      teamId: input.team.id,
      email: input.email,
      role: input.role,
      invitedBy: input.invitedBy,
      ...stored,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInvited, {
      email: TEAM_MESSAGES.alreadyInvited,
    });
  }
  return deliverInvite(deps, {
    teamId: input.team.id,
    actorId: input.invitedBy,
    invite,
    token,
    links: input.links,
  });
}
