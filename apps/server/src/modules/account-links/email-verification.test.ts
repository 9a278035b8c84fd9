import { expect, it } from 'vitest';
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
const VERIFY_PREFIX = `${PUBLIC_URL}/admin/auth/verify-email?token=`;
const SUBJECT = 'Verify your e-mail address for Kindling';
const DEAD =
  'This verification link has expired or was already used. Ask for a new one from your account settings.';
const INVALID =
  'This verification link is not valid. Check that you copied the whole address, or ask for a new one from your account settings.';
const OTHER_ADDRESS =
  'This link was sent to an address your account no longer uses. Ask for a new one from your account settings.';

const verify = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

const resend = (t: TestApp, account: { token: string }) =>
  t.app.inject({ method: 'POST', url: '/api/user/verification', headers: bearer(account) });

async function currentUser(t: TestApp, account: { token: string }) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/user/by-session',
    headers: bearer(account),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    user: { email: string; emailVerified: boolean };
    mailDelivery: string;
  }>();
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describeEachDatabase('address verification by mail', (kind) => {
  const smtp = useSmtpCapture();
  const t = useTestApp(kind, () => ({ SMTP_URL: smtp.url, PUBLIC_URL }));

  /** The token of the newest verification mail to `email`, from index `since` on. */
  async function verificationToken(email: string, since = 0): Promise<string> {
    const mail = await waitForMail(smtp.mails, (m) => m.to === email && m.subject === SUBJECT, {
      since,
    });
    return tokenOf(linkIn(mail, VERIFY_PREFIX));
  }

  it('mails a link at sign-up; following it, signed out, verifies the address', async () => {
    const account = await signUp(t.current.app);
    const context = await currentUser(t.current, account);
    expect(context.user.emailVerified).toBe(false);
    expect(context.mailDelivery).toBe('mail');

    const mail = await waitForMail(smtp.mails, (m) => m.to === account.email);
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toContain(
      `Please confirm that ${account.email} is your address by following the link below.`,
    );
    expect(mail.text).toContain('The link works for 24 hours.');
    const token = tokenOf(linkIn(mail, VERIFY_PREFIX));
    const row = await t.current.services.db
      .selectFrom('accountTokens')
      .select(['expiresAt', 'createdAt', 'email'])
      .where('userId', '=', account.userId)
      .where('purpose', '=', 'verify-email')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(account.email);
    expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000).toBeCloseTo(24, 2);

    const verified = await verify(t.current, token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: account.email });
    expect((await currentUser(t.current, account)).user.emailVerified).toBe(true);
    const stored = await t.current.services.db
      .selectFrom('users')
      .select('emailVerifiedAt')
      .where('id', '=', account.userId)
      .executeTakeFirstOrThrow();
    expect(stored.emailVerifiedAt).toBeInstanceOf(Date);

    // Opening the link again is not an error: it already did its job.
    const again = await verify(t.current, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ email: account.email });
  });

  it('refuses an expired link and a made-up one, and changes nothing', async () => {
    const account = await signUp(t.current.app);
    const token = await verificationToken(account.email);
    await t.current.services.db
      .updateTable('accountTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', account.userId)
      .execute();

    const late = await verify(t.current, token);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toEqual({ code: 'VALIDATION', message: DEAD, fields: { token: DEAD } });
    const madeUp = await verify(t.current, 'made-up-token');
    expect(madeUp.statusCode).toBe(400);
    expect(errorOf(madeUp)).toEqual({
      code: 'VALIDATION',
      message: INVALID,
      fields: { token: INVALID },
    });
    expect((await currentUser(t.current, account)).user.emailVerified).toBe(false);
  });

  it('sends the link again when asked, until the address is verified', async () => {
    const account = await signUp(t.current.app);
    await verificationToken(account.email);
    const before = smtp.mails.length;

    const again = await resend(t.current, account);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ email: account.email, delivery: 'mail' });
    const token = await verificationToken(account.email, before);
    expect((await verify(t.current, token)).statusCode).toBe(200);

    const done = await resend(t.current, account);
    expect(done.statusCode).toBe(409);
    expect(errorOf(done)).toEqual({
      code: 'CONFLICT',
      message: 'Your e-mail address is already verified.',
    });
    const anonymous = await t.current.app.inject({ method: 'POST', url: '/api/user/verification' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits how often one account asks for the link', async () => {
    const account = await signUp(t.current.app);
    for (let i = 0; i < 5; i++) expect((await resend(t.current, account)).statusCode).toBe(202);
    const refused = await resend(t.current, account);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many links were sent to this address in the last hour. Please try again later.',
    });
    // Positive control: another account is not affected.
    expect((await resend(t.current, await signUp(t.current.app))).statusCode).toBe(202);
  });

  it('a new address is unverified until its own link is followed', async () => {
    const account = await signUp(t.current.app);
    const unused = await verificationToken(account.email);
    const since = smtp.mails.length;
    expect((await resend(t.current, account)).statusCode).toBe(202);
    expect(
      (await verify(t.current, await verificationToken(account.email, since))).statusCode,
    ).toBe(200);
    expect((await currentUser(t.current, account)).user.emailVerified).toBe(true);

    const newEmail = uniqueEmail('changed');
    const before = smtp.mails.length;
    const saved = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/save',
      headers: bearer(account),
      payload: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ email: newEmail, emailVerified: false });
    expect((await currentUser(t.current, account)).user.emailVerified).toBe(false);

    // A link sent to the old address proves nothing about the new one.
    const stale = await verify(t.current, unused);
    expect(stale.statusCode).toBe(400);
    expect(errorOf(stale).message).toBe(OTHER_ADDRESS);
    expect((await currentUser(t.current, account)).user.emailVerified).toBe(false);

    const token = await verificationToken(newEmail, before);
    expect((await verify(t.current, token)).json()).toEqual({ email: newEmail });
    expect((await currentUser(t.current, account)).user.emailVerified).toBe(true);
  });

  it('refuses an address change without the right current password, or to a taken address', async () => {
    const account = await signUp(t.current.app);
    const taken = await signUp(t.current.app);
    const save = (payload: Record<string, unknown>) =>
      t.current.app.inject({
        method: 'POST',
        url: '/api/user/save',
        headers: bearer(account),
        payload,
      });
    const cases: [Record<string, unknown>, number, string, Record<string, string>][] = [
      [
        { email: uniqueEmail('x') },
        400,
        'Please enter your current password to change your e-mail',
        { currentPassword: 'Please enter your current password to change your e-mail' },
      ],
      [
        { email: uniqueEmail('x'), currentPassword: 'wrong-pass-1' },
        400,
        'Your current password is not correct',
        { currentPassword: 'Your current password is not correct' },
      ],
      [
        { email: taken.email.toUpperCase(), currentPassword: PASSWORD },
        409,
        'An account with this e-mail already exists',
        { email: 'An account with this e-mail already exists' },
      ],
      [
        { email: 'not-an-address', currentPassword: PASSWORD },
        400,
        'Please enter a valid email address',
        { email: 'Please enter a valid email address' },
      ],
    ];
    for (const [payload, status, message, fields] of cases) {
      const refused = await save(payload);
      expect(refused.statusCode).toBe(status);
      expect(errorOf(refused).fields).toEqual(fields);
      expect(errorOf(refused).message).toBe(message);
    }
    expect((await currentUser(t.current, account)).user.email).toBe(account.email);

    // Saving the same address (any letter case) is no change: no password asked, no new link.
    await verificationToken(account.email);
    const count = smtp.mails.filter((m) => m.to === account.email).length;
    const same = await save({ email: account.email.toUpperCase(), realName: 'Same Address' });
    expect(same.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((m) => m.to === account.email)).toHaveLength(count);
  });
});
