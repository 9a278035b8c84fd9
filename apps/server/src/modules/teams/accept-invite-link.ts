import type { Db } from '../../db/database';
import type { Tx } from '../../db/transaction';
import { AppError, notFound } from '../../errors';
import { hashSecret } from '../../security/secret-token';
import { findPendingInviteByToken } from './invites-repo';
import { joinInvitedTeam } from './join-invited-team';
import { TEAM_MESSAGES } from './team-messages';

/** The invitation behind a link, or the reason the link does not work. */
async function findLiveInvite(db: Db | Tx, token: string, { lock = false } = {}) {
  const invite = await findPendingInviteByToken(db, hashSecret(token), { lock });
  if (!invite) throw notFound(TEAM_MESSAGES.inviteLinkInvalid);
  if (invite.expiresAt && invite.expiresAt <= new Date()) {
    throw new AppError('GONE', TEAM_MESSAGES.inviteLinkExpired);
  }
  return invite;
}

/** What the invitation screen shows before the person accepts. */
export async function viewInviteLink({ db }: { db: Db }, { token }: { token: string }) {
  const invite = await findLiveInvite(db, token);
  return {
    team: { name: invite.name },
    invitedBy: invite.invitedBy,
    role: invite.role,
    email: invite.email,
  };
}

/**
 * Accepting from the link: holding the secret proves the mail (or the owner's hand-over)
 * arrived, so any signed-in account may accept, whatever its address. The link works once.
 */
export async function acceptInviteLink(
  { db }: { db: Db },
  { userId, token }: { userId: number; token: string },
) {
  return db.transaction().execute(async (tx) => {
    // Two tabs accepting at once: the second waits on the lock, then finds the invite used.
    const invite = await findLiveInvite(tx, token, { lock: true });
    await joinInvitedTeam(tx, { userId, invite });
    return { slug: invite.slug };
  });
}
