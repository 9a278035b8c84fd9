import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { findPendingInviteForUser, markInviteAccepted } from './invites-repo';
import { findMemberRole, insertMember, setDefaultTeamIfNone } from './repo';
import { TEAM_MESSAGES } from './team-messages';

/** Only the invited address's account can accept; the team becomes its default if it had none. */
export async function acceptInvite(
  { db }: { db: Db },
  { userId, inviteId }: { userId: number; inviteId: number },
) {
  return db.transaction().execute(async (tx) => {
    const invite = await findPendingInviteForUser(tx, inviteId, userId);
    if (!invite) throw notFound(TEAM_MESSAGES.inviteNotFound);
    if (!(await findMemberRole(tx, invite.teamId, userId))) {
      await insertMember(tx, { teamId: invite.teamId, userId, role: invite.role });
    }
    await markInviteAccepted(tx, invite.id);
    await setDefaultTeamIfNone(tx, userId, invite.teamId);
    return { slug: invite.slug };
  });
}
