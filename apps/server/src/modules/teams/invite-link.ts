import { INVITE_LINK_DAYS } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';
import { hashSecret, newSecretToken } from '../../security/secret-token';
import { presentInvite } from './present-invite';
import { findTeamAndMemberName } from './repo';

/** Where an invitation's mail points: the page that accepts it, and the team's own screens. */
export interface InviteLinks {
  /** The web address that accepts an invitation from its secret. */
  accept: (token: string) => string;
  /** The absolute link to the team's campaign list ({ADMIN_URL}/admin/{team}/campaigns). */
  team: string;
}

/** A fresh secret for an invitation link: the secret for the mail, its hash and expiry to store. */
export function newInviteToken(now = new Date()) {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + INVITE_LINK_DAYS * 24 * 3600 * 1000);
  return { token, stored: { tokenHash: hashSecret(token), expiresAt } };
}

type StoredInvite = Parameters<typeof presentInvite>[0];

/**
 * Mails an invitation's link to the invited address and answers the link to the owner as well,
 * who passes it on when no mail server is set up or the mail did not go out.
 */
export async function deliverInvite(
  { db, mailer }: { db: Db; mailer: Mailer },
  input: {
    teamId: number;
    actorId: number;
    invite: StoredInvite;
    token: string;
    links: InviteLinks;
  },
) {
  const { invite } = input;
  const { teamName, memberName } = await findTeamAndMemberName(db, input.teamId, input.actorId);
  const link = input.links.accept(input.token);
  const role = invite.role === 'owner' ? 'an owner' : 'a member';
  const mail = renderMail({
    subject: `${memberName} invited you to ${teamName} on Kindling`,
    heading: `Join ${teamName} on Kindling`,
    paragraphs: [
      `${memberName} invited you to join the team ${teamName} as ${role}.`,
      `The link works once and for ${INVITE_LINK_DAYS} days. Sign in or create an account, then accept.`,
      `Once you have joined, the team's campaigns are at ${input.links.team}`,
    ],
    action: { label: 'Accept the invitation', url: link },
    footnote: `This invitation was sent to ${invite.email}. If you did not expect it, you can ignore this mail.`,
  });
  const delivery = await mailer.send({ to: invite.email, ...mail });
  return { invite: presentInvite(invite), link, delivery };
}
