import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { linkIn, useSmtpCapture, waitForMail } from '../../../test/smtp-capture';
import {
  bearer,
  errorOf,
  PASSWORD,
  signUp,
  uniqueEmail,
  useTestApp,
  type TestApp,
} from '../../../test/test-app';

const PUBLIC_URL = 'http://kindling.test';
const RESET_PREFIX = `${PUBLIC_URL}/admin/auth/reset-password?token=`;
const NEW_PASSWORD = 'brand-new-pass-42';
const SUBJECT = 'Reset your Kindling password';
const DEAD = 'This reset link has expired or was already used. Ask for a new one.';
const INVALID =
  'This reset link is not valid. Check that you copied the whole address, or ask for a new one.';
const TOO_MANY =
  'Too many links were sent to this address in the last hour. Please try again later.';

const requestReset = (t: TestApp, email: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    remoteAddress,
    payload: { email },
  });

const completeReset = (t: TestApp, token: string, password = NEW_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/complete',
    payload: { token, password },
  });

const signInWith = (t: TestApp, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describeEachDatabase('password reset by mail', (kind) => {
  const smtp = useSmtpCapture();
  const t = useTestApp(kind, () => ({ SMTP_URL: smtp.url, PUBLIC_URL }));

  /** Asks for a reset of `email` and returns the token from the mailed link. */
  async function mailedToken(email: string): Promise<string> {
    const before = smtp.mails.length;
    expect((await requestReset(t.current, email)).statusCode).toBe(202);
    const mail = await waitForMail(smtp.mails, (m) => m.to === email && m.subject === SUBJECT, {
      since: before,
    });
    return tokenOf(linkIn(mail, RESET_PREFIX));
  }

  it('mails a one-hour link; following it sets the password and ends every session', async () => {
    const account = await signUp(t.current.app);
    const other = (await signInWith(t.current, account.email, PASSWORD)).json();
    const before = smtp.mails.length;

    const answer = await requestReset(t.current, account.email);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ delivery: 'mail' });

    const mail = await waitForMail(smtp.mails, (m) => m.subject === SUBJECT, { since: before });
    expect(mail.to).toBe(account.email);
    expect(mail.text).toContain(
      `Someone asked to reset the password of the Kindling account for ${account.email}. If it was you, choose a new password with the button below.`,
    );
    expect(mail.text).toContain(
      'The link works once, for 1 hour. Choosing a new password signs you out everywhere.',
    );
    expect(mail.text).toContain(
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    );
    const link = linkIn(mail, RESET_PREFIX);
    const token = tokenOf(link);

    // Only a hash is stored, valid for one hour.
    const row = await t.current.services.db
      .selectFrom('accountTokens')
      .selectAll()
      .where('userId', '=', account.userId)
      .where('purpose', '=', 'reset-password')
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.tokenHash).not.toContain(token);
    expect(row.email).toBe(account.email);
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(1, 2);

    const done = await completeReset(t.current, token);
    expect(done.statusCode).toBe(204);

    expect((await signInWith(t.current, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await signInWith(t.current, account.email, PASSWORD);
    expect(old.statusCode).toBe(401);
    expect(errorOf(old).message).toBe('Incorrect e-mail or password.');

    // Both earlier sessions are over: access tokens and refresh tokens alike.
    for (const session of [account, { token: other.accessToken as string }]) {
      const context = await t.current.app.inject({
        method: 'GET',
        url: '/api/user/by-session',
        headers: bearer(session),
      });
      expect(context.statusCode).toBe(401);
      expect(errorOf(context).message).toBe('User needs to be authenticated to call this API.');
    }
    for (const refreshToken of [account.refreshToken, other.refreshToken as string]) {
      const refreshed = await t.current.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
      expect(errorOf(refreshed).message).toBe('Your session has expired. Please sign in again.');
    }

    // Following the link proved the address.
    const fresh = (await signInWith(t.current, account.email, NEW_PASSWORD)).json();
    const context = await t.current.app.inject({
      method: 'GET',
      url: '/api/user/by-session',
      headers: bearer({ token: fresh.accessToken }),
    });
    expect(context.json().user.emailVerified).toBe(true);
  });

  it('refuses a link used once already, and the first new password stays', async () => {
    const account = await signUp(t.current.app);
    const token = await mailedToken(account.email);
    expect((await completeReset(t.current, token)).statusCode).toBe(204);

    const again = await completeReset(t.current, token, 'another-pass-77');
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toEqual({ code: 'VALIDATION', message: DEAD, fields: { token: DEAD } });
    expect((await signInWith(t.current, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signInWith(t.current, account.email, 'another-pass-77')).statusCode).toBe(401);
  });

  it('refuses an expired link and changes nothing', async () => {
    const account = await signUp(t.current.app);
    const token = await mailedToken(account.email);
    await t.current.services.db
      .updateTable('accountTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', account.userId)
      .where('purpose', '=', 'reset-password')
      .execute();

    const late = await completeReset(t.current, token);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toEqual({ code: 'VALIDATION', message: DEAD, fields: { token: DEAD } });
    expect((await signInWith(t.current, account.email, PASSWORD)).statusCode).toBe(200);
    expect((await signInWith(t.current, account.email, NEW_PASSWORD)).statusCode).toBe(401);
    // The session made before is still live.
    const context = await t.current.app.inject({
      method: 'GET',
      url: '/api/user/by-session',
      headers: bearer(account),
    });
    expect(context.statusCode).toBe(200);
  });

  it('refuses a link that never existed', async () => {
    const answer = await completeReset(t.current, 'not-a-real-token');
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer)).toEqual({
      code: 'VALIDATION',
      message: INVALID,
      fields: { token: INVALID },
    });
  });

  it.each([
    ['short1', 'Password must be at least 8 characters'],
    ['lettersonly', 'Password must contain at least one letter and one number'],
  ])(
    'refuses the weak password %j with the sign-up message; the link still works',
    async (weak, message) => {
      const account = await signUp(t.current.app);
      const token = await mailedToken(account.email);

      const refused = await completeReset(t.current, token, weak);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toEqual({ password: message });
      expect((await signInWith(t.current, account.email, PASSWORD)).statusCode).toBe(200);
      const context = await t.current.app.inject({
        method: 'GET',
        url: '/api/user/by-session',
        headers: bearer(account),
      });
      expect(context.statusCode).toBe(200);
      expect(context.json().user.emailVerified).toBe(false);

      expect((await completeReset(t.current, token)).statusCode).toBe(204);
    },
  );

  it('answers an unknown address exactly like a known one and mails nothing', async () => {
    const account = await signUp(t.current.app);
    const stranger = uniqueEmail('nobody');
    const before = smtp.mails.length;

    const unknown = await requestReset(t.current, stranger);
    const known = await requestReset(t.current, account.email);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(unknown.json()).toEqual({ delivery: 'mail' });

    // The known address's mail, asked for after, arrives; none ever goes to the stranger.
    await waitForMail(smtp.mails, (m) => m.to === account.email, { since: before });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((m) => m.to === stranger)).toEqual([]);
    const rows = await t.current.services.db
      .selectFrom('accountTokens')
      .select('id')
      .where('email', '=', stranger)
      .execute();
    expect(rows).toEqual([]);
  });

  it('uses up the other reset links of the account along with the one followed', async () => {
    const account = await signUp(t.current.app);
    const first = await mailedToken(account.email);
    const second = await mailedToken(account.email);
    expect((await completeReset(t.current, second)).statusCode).toBe(204);
    const stale = await completeReset(t.current, first, 'another-pass-77');
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).message).toBe(DEAD);
  });

  it('lets exactly one of two simultaneous uses of a link win', async () => {
    const account = await signUp(t.current.app);
    const token = await mailedToken(account.email);
    const answers = await Promise.all([
      completeReset(t.current, token, 'racer-one-111'),
      completeReset(t.current, token, 'racer-two-222'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400]);
    const loser = answers.find((answer) => answer.statusCode === 400)!;
    expect(errorOf(loser).message).toBe(DEAD);
    const works = await Promise.all(
      ['racer-one-111', 'racer-two-222'].map(
        async (password) =>
          (await signInWith(t.current, account.email, password)).statusCode === 200,
      ),
    );
    expect(works.filter(Boolean)).toHaveLength(1);
  });

  it('stops a reset link sent to an address the account has moved away from', async () => {
    const account = await signUp(t.current.app);
    const token = await mailedToken(account.email);
    const moved = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/save',
      headers: bearer(account),
      payload: { email: uniqueEmail('moved'), currentPassword: PASSWORD },
    });
    expect(moved.statusCode).toBe(200);
    const answer = await completeReset(t.current, token);
    expect(answer.statusCode).toBe(400);
    expect(errorOf(answer).message).toBe(DEAD);
  });

  it('limits links per address, known or not, with the same answer for both', async () => {
    const account = await signUp(t.current.app);
    const stranger = uniqueEmail('limited');
    for (let i = 0; i < 5; i++) {
      expect((await requestReset(t.current, account.email, `198.51.100.${i + 1}`)).statusCode).toBe(
        202,
      );
      expect((await requestReset(t.current, stranger, `198.51.100.${i + 1}`)).statusCode).toBe(202);
    }
    const knownRefused = await requestReset(t.current, account.email, '198.51.100.77');
    const unknownRefused = await requestReset(t.current, stranger, '198.51.100.77');
    for (const refused of [knownRefused, unknownRefused]) {
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused)).toEqual({ code: 'RATE_LIMITED', message: TOO_MANY });
    }
    expect(knownRefused.body).toBe(unknownRefused.body);
    // Positive control: another address from the same client is still served.
    expect((await requestReset(t.current, uniqueEmail('other'), '198.51.100.77')).statusCode).toBe(
      202,
    );
  });
});

describe('password reset requests per client address', () => {
  const t = useTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: 3 });

  it('answers 429 after the allowed attempts from one client, whatever the address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await requestReset(t.current, uniqueEmail('c'), '203.0.113.50')).statusCode).toBe(
        202,
      );
    }
    const refused = await requestReset(t.current, uniqueEmail('c'), '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    expect((await requestReset(t.current, uniqueEmail('c'), '203.0.113.51')).statusCode).toBe(202);
  });
});
