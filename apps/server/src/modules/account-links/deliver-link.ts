import { renderMail, type MailContent } from '../../mail/render-mail';
import type { Outbox } from '../../mail/outbox';
import type { Delivery, LinkContext } from './link-deps';

/**
 * Mails a link (without waiting for the mail server), or, with no SMTP_URL, writes it to the
 * server log at warn level so whoever runs the server can pass it on by hand.
 */
export function deliverLink(
  { outbox, log }: { outbox: Outbox } & Pick<LinkContext, 'log'>,
  { to, content }: { to: string; content: MailContent },
): Delivery {
  if (!outbox.configured) {
    log.warn(
      { link: content.action.url, to },
      `${content.subject}: no mail server is set up (SMTP_URL), pass this link on to ${to}`,
    );
    return 'log';
  }
  outbox.post({ to, ...renderMail(content) });
  return 'mail';
}

export const RESET_PATH = '/admin/auth/reset-password';
export const VERIFY_PATH = '/admin/auth/verify-email';

export function resetMail(email: string, url: string): MailContent {
  return {
    subject: 'Reset your Kindling password',
    heading: 'Choose a new password',
    paragraphs: [
      `Someone asked to reset the password of the Kindling account for ${email}. If it was you, choose a new password with the button below.`,
      'The link works once, for 1 hour. Choosing a new password signs you out everywhere.',
    ],
    action: { label: 'Choose a new password', url },
    footnote: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  };
}

export function verifyMail(email: string, url: string): MailContent {
  return {
    subject: 'Verify your e-mail address for Kindling',
    heading: 'Verify your e-mail address',
    paragraphs: [
      `Please confirm that ${email} is your address by following the link below.`,
      'The link works for 24 hours.',
    ],
    action: { label: 'Verify my address', url },
    footnote:
      'You got this mail because this address was given for a Kindling account. If that was not you, ignore it.',
  };
}
