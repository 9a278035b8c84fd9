import { INVITE_LINK_DAYS } from '@kindling/domain';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { renderMail } from '../../mail/render-mail';
import { hashSecret, newSecretToken } from '../../security/secret-token';
import { presentInvite } from './present-invite';
import { findTeamAndMemberName } from './repo';

/** Builds the web address that accepts an invitation from its secret. */
export type InviteLinkTo = (token: string) => string;

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
    linkTo: InviteLinkTo;
  },
) {
  const { invite } = input;
  const { teamName, memberName } = await findTeamAndMemberName(db, input.teamId, input.actorId);
  const link = input.linkTo(input.token);
  const role = invite.role === 'owner' ? 'an owner' : 'a member';
  const mail = renderMail({
    subject: `${memberName} invited you to ${teamName} on Kindling`,
    heading: `Join ${teamName} on Kindling`,
    paragraphs: [
      `${memberName} invited you to join the team ${teamName} as ${role}.`,
      `The link works once and for ${INVITE_LINK_DAYS} days. Sign in or create an account, then accept.`,
    ],
    action: { label: 'Accept the invitation', url: link },
    footnote: `This invitation was sent to ${invite.email}. If you did not expect it, you can ignore this mail.`,
  });
  const delivery = await mailer.send({ to: invite.email, ...mail });
  return { invite: presentInvite(invite), link, delivery };
}
