import type { Mailer, MailMessage } from './mailer';

/**
 * Sends without making the caller wait. Answers that must not say whether an account exists
 * (password reset) cannot wait for an SMTP round trip only when it does. `drain` lets the
 * server finish what it started before it stops.
 */
export interface Outbox {
  /** False without SMTP_URL: links then go to the log instead. */
  readonly configured: boolean;
  post(message: MailMessage): void;
  drain(): Promise<void>;
}

export function createOutbox(mailer: Mailer): Outbox {
  const pending = new Set<Promise<unknown>>();
  return {
    configured: mailer.configured,
    post(message) {
      // send() reports failures (and logs them) instead of throwing.
      const sending: Promise<unknown> = mailer.send(message).finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async drain() {
      await Promise.all(pending);
    },
  };
}
