import { createTransport } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** `sent`: the mail server took it. `not-configured`/`failed`: the caller passes the link on. */
export type MailOutcome = 'sent' | 'not-configured' | 'failed';

export interface Mailer {
  /** False without SMTP_URL: screens then say how to pass a link on by hand. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<MailOutcome>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}

/**
 * Sends through the SMTP server at SMTP_URL (nodemailer). A failed delivery is logged (without
 * the body, which carries single-use links) and reported, never thrown: whatever asked for the
 * mail has already been stored and stays valid.
 */
export function createMailer({ smtpUrl, from, log }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return { configured: false, send: () => Promise.resolve('not-configured') };
  }
  const transport = createTransport(smtpUrl, { from });
  return {
    configured: true,
    async send(message) {
      try {
        await transport.sendMail(message);
        return 'sent';
      } catch (error) {
        log.error(
          { mail: { subject: message.subject }, err: { message: (error as Error).message } },
          'mail not sent',
        );
        return 'failed';
      }
    },
  };
}
