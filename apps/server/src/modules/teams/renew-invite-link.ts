import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import type { Mailer } from '../../mail/mailer';
import { deliverInvite, newInviteToken, type InviteLinks } from './invite-link';
import { replaceInviteToken } from './invites-repo';
import { TEAM_MESSAGES } from './team-messages';

/** "Send again": a new link (the old one stops working), a new expiry, a new mail. */
export async function renewInviteLink(
  deps: { db: Db; mailer: Mailer },
  input: { team: TeamAccess; actorId: number; inviteId: number; links: InviteLinks },
) {
  const { token, stored } = newInviteToken();
  const invite = await replaceInviteToken(
    deps.db,
    { teamId: input.team.id, inviteId: input.inviteId },
    stored,
  );
  if (!invite) throw notFound(TEAM_MESSAGES.inviteNotFound);
  return deliverInvite(deps, { ...input, teamId: input.team.id, invite, token });
}
