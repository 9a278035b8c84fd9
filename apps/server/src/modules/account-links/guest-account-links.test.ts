import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { logCapture } from '../../../test/log-capture';
import { linkIn, useSmtpCapture, waitForMail } from '../../../test/smtp-capture';
import {
  bearer,
  errorOf,
  signUp,
  uniqueEmail,
  useTestApp,
  type TestApp,
} from '../../../test/test-app';
import { hashSecret, newSecretToken } from '../../security/secret-token';
import { GUEST_EMAIL } from '../users/ensure-guest-account';
import { insertAccountToken } from './repo';

// Issue 34, finding 6: the guest account (GUEST_ACCESS) is one account every guest shares, so a
// reset link for it would let whoever reads the link sign every guest out and take the account.
// None is issued, and the answer is the one every address gets.

const PUBLIC_URL = 'http://kindling.test';
const SUBJECT = 'Reset your Kindling password';
const RESET_PREFIX = `${PUBLIC_URL}/admin/auth/reset-password?token=`;
const INVALID =
  'This reset link is not valid. Check that you copied the whole address, or ask for a new one.';

const requestReset = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });

const completeReset = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/complete',
    payload: { token, password: 'taken-over-42' },
  });

/** A guest session (which makes the guest account on first use): its access token. */
async function startGuest(t: TestApp): Promise<{ token: string }> {
  const started = await t.app.inject({ method: 'POST', url: '/api/auth/guest' });
  expect(started.statusCode, started.body).toBe(200);
  return { token: started.json<{ accessToken: string }>().accessToken };
}

const guestTokenRows = (t: TestApp) =>
  t.services.db
    .selectFrom('accountTokens')
    .innerJoin('users', 'users.id', 'accountTokens.userId')
    .select('accountTokens.id')
    .where('users.isGuest', '=', true)
    .execute();

/** The three addresses' answers are one; a link is issued for the real account only. */
async function requestForEach(t: TestApp, accountEmail: string) {
  const answers = [];
  for (const email of [
    GUEST_EMAIL,
    GUEST_EMAIL.toUpperCase(),
    uniqueEmail('nobody'),
    accountEmail,
  ]) {
    answers.push(await requestReset(t, email));
  }
  for (const answer of answers) {
    expect(answer.statusCode).toBe(202);
    expect(answer.body).toBe(answers.at(-1)!.body);
    expect(answer.headers['content-type']).toBe(answers.at(-1)!.headers['content-type']);
  }
}

describeEachDatabase('no reset link for the shared guest account (mail)', (kind) => {
  const smtp = useSmtpCapture();
  const t = useTestApp(kind, () => ({ SMTP_URL: smtp.url, PUBLIC_URL, GUEST_ACCESS: true }));

  it('issues and mails none for the guest address; a normal account gets its link', async () => {
    const guest = await startGuest(t.current);
    const account = await signUp(t.current.app);
    const before = smtp.mails.length;

    await requestForEach(t.current, account.email);

    // Positive control: the real account's link arrives (it was asked for last).
    const mail = await waitForMail(
      smtp.mails,
      (m) => m.to === account.email && m.subject === SUBJECT,
      { since: before },
    );
    expect(linkIn(mail, RESET_PREFIX)).toMatch(/token=[\w-]{43}$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((m) => m.to.toLowerCase() === GUEST_EMAIL)).toEqual([]);
    expect(await guestTokenRows(t.current)).toEqual([]);
    const context = await t.current.app.inject({
      method: 'GET',
      url: '/api/user/by-session',
      headers: bearer(guest),
    });
    expect(context.statusCode).toBe(200);
  });

  it('refuses a guest reset link issued before, and every guest stays signed in', async () => {
    const guests = [await startGuest(t.current), await startGuest(t.current)];
    const { id: guestId } = await t.current.services.db
      .selectFrom('users')
      .select('id')
      .where('isGuest', '=', true)
      .executeTakeFirstOrThrow();
    const token = newSecretToken();
    await insertAccountToken(t.current.services.db, {
      userId: guestId,
      purpose: 'reset-password',
      email: GUEST_EMAIL,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    const refused = await completeReset(t.current, token);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: 'VALIDATION',
      message: INVALID,
      fields: { token: INVALID },
    });
    for (const guest of guests) {
      const context = await t.current.app.inject({
        method: 'GET',
        url: '/api/user/by-session',
        headers: bearer(guest),
      });
      expect(context.statusCode).toBe(200);
    }

    // Positive control: a normal account's mailed link still sets its password.
    const account = await signUp(t.current.app);
    const before = smtp.mails.length;
    expect((await requestReset(t.current, account.email)).statusCode).toBe(202);
    const mail = await waitForMail(
      smtp.mails,
      (m) => m.to === account.email && m.subject === SUBJECT,
      { since: before },
    );
    const own = new URL(linkIn(mail, RESET_PREFIX)).searchParams.get('token')!;
    expect((await completeReset(t.current, own)).statusCode).toBe(204);
  });
});

describeEachDatabase('no reset link for the shared guest account (no mail server)', (kind) => {
  const log = logCapture();
  const t = useTestApp(kind, { LOG_LEVEL: 'warn', GUEST_ACCESS: true }, { logStream: log.stream });

  it('logs none for the guest address; a normal account’s link is logged', async () => {
    await startGuest(t.current);
    const account = await signUp(t.current.app);
    await requestForEach(t.current, account.email);

    const resetLinks = log.lines.filter((line) => line.link?.includes('reset-password'));
    expect(resetLinks.map((line) => line.to)).toEqual([account.email]);
    expect(log.lines.filter((line) => line.to?.toLowerCase() === GUEST_EMAIL)).toEqual([]);
    expect(await guestTokenRows(t.current)).toEqual([]);
  });
});
