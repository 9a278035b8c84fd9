import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { CapturedMail } from '../../apps/server/test/smtp-server';

/**
 * The mails the e2e server sent, over a loopback HTTP endpoint: the SMTP capture lives in the
 * global setup's process, the tests in workers. `GET /mails` answers them all, oldest first.
 */
export async function serveMailbox(
  mails: readonly CapturedMail[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/mails') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(mails));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function readMailbox(mailboxUrl: string): Promise<CapturedMail[]> {
  const response = await fetch(`${mailboxUrl}/mails`);
  return (await response.json()) as CapturedMail[];
}

/** Waits for the `nth` mail (1 = first) to `to` with `subject`, and returns it. */
export async function mailTo(
  mailboxUrl: string,
  { to, subject, nth = 1 }: { to: string; subject: string; nth?: number },
): Promise<CapturedMail> {
  const matching = async () =>
    (await readMailbox(mailboxUrl)).filter((mail) => mail.to === to && mail.subject === subject);
  await expect
    .poll(async () => (await matching()).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(nth);
  return (await matching())[nth - 1]!;
}
