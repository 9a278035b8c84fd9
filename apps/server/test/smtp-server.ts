import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, to pass as SMTP_URL. */
  url: string;
  /** Every mail received so far, oldest first. */
  mails: CapturedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives, so mail tests go through
 * nodemailer and the SMTP protocol rather than a stand-in for the mailer. Free of vitest, so the
 * end-to-end global setup runs it too.
 */
export async function startSmtpCapture(mails: CapturedMail[] = []): Promise<SmtpCapture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to].flat()[0]?.text ?? '';
          mails.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** The first link in a mail's plain-text part that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const match = mail.text.split(/\s/).find((word) => word.startsWith(prefix));
  if (!match) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return match;
}

/**
 * Mails reach the capture a moment after the answer that caused them: polls for the first match
 * among the mails from index `since` on (the count before the request, to skip older ones).
 */
export async function waitForMail(
  mails: readonly CapturedMail[],
  match: (mail: CapturedMail) => boolean,
  { since = 0, timeoutMs = 10_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mails.slice(since).find(match);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = mails.map((mail) => `${mail.to}: ${mail.subject}`).join('; ') || 'none';
      throw new Error(`no matching mail within ${timeoutMs} ms (received: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
