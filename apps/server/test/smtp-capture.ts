import { afterAll, beforeAll } from 'vitest';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './smtp-server';

export { linkIn, waitForMail, type CapturedMail } from './smtp-server';

/** A capturing SMTP server for the current suite (see `startSmtpCapture`). */
export function useSmtpCapture() {
  const mails: CapturedMail[] = [];
  const holder = { url: '', mails };
  let capture: SmtpCapture | undefined;
  beforeAll(async () => {
    capture = await startSmtpCapture(mails);
    holder.url = capture.url;
  });
  afterAll(async () => {
    await capture?.close();
  });
  return holder;
}
