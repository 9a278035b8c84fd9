import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../errors';
import { findPendingInviteForUser } from './invites-repo';
import { joinInvitedTeam } from './join-invited-team';
import { TEAM_MESSAGES } from './team-messages';

/**
 * Accepting from the in-app banner: the invitation must be to the caller's address, and the
 * caller must have proven that address (a verification link), or anyone could register it first
 * and walk in. Without that proof the invitation's own link is the way in.
 */
export async function acceptInvite(
  { db }: { db: Db },
  { userId, inviteId }: { userId: number; inviteId: number },
) {
  return db.transaction().execute(async (tx) => {
    const invite = await findPendingInviteForUser(tx, inviteId, userId);
    if (!invite) throw notFound(TEAM_MESSAGES.inviteNotFound);
    if (!invite.emailVerifiedAt) throw forbidden(TEAM_MESSAGES.inviteNeedsVerification);
    await joinInvitedTeam(tx, { userId, invite });
    return { slug: invite.slug };
  });
}
