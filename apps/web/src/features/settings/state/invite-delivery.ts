import { INVITE_LINK_DAYS } from '@kindling/domain';

/** What became of an invitation mail: sent, no mail server set up, or the send failed. */
export type InviteDelivery = 'sent' | 'not-configured' | 'failed';

/** What the owner reads beside an invitation link, by what happened to the mail. */
export function inviteDeliveryMessage(delivery: InviteDelivery, email: string): string {
  const validity = `The link works once, for ${INVITE_LINK_DAYS} days.`;
  switch (delivery) {
    case 'sent':
      return `We e-mailed the invitation to ${email}. You can also pass this link on yourself. ${validity}`;
    case 'not-configured':
      return `No mail server is set up for Kindling, so send this link to ${email} yourself. ${validity}`;
    case 'failed':
      return `The invitation e-mail to ${email} could not be sent. Send this link yourself. ${validity}`;
  }
}
