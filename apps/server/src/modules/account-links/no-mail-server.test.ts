import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { logCapture, WARN } from '../../../test/log-capture';
import { bearer, signUp, uniqueEmail, useTestApp } from '../../../test/test-app';

describeEachDatabase('links without a mail server (no SMTP_URL)', (kind) => {
  const log = logCapture();
  // No PUBLIC_URL either: links point at the origin the request came to.
  const t = useTestApp(kind, { LOG_LEVEL: 'warn' }, { logStream: log.stream });
  const host = 'kindling.internal:8080';

  const requestReset = (email: string) =>
    t.current.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host },
      payload: { email },
    });

  it('writes the reset link to the log at warn level and answers delivery "log"', async () => {
    const account = await signUp(t.current.app);
    const answer = await requestReset(account.email);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ delivery: 'log' });

    const [line] = log.linksTo(account.email).filter((l) => l.link?.includes('reset-password'));
    expect(line).toMatchObject({
      level: WARN,
      msg: `Reset your Kindling password: no mail server is set up (SMTP_URL), pass this link on to ${account.email}`,
    });
    expect(line!.link).toMatch(
      /^http:\/\/kindling\.internal:8080\/admin\/auth\/reset-password\?token=[\w-]{43}$/,
    );

    // The logged link works like a mailed one.
    const token = new URL(line!.link!).searchParams.get('token')!;
    const done = await t.current.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/complete',
      payload: { token, password: 'from-the-log-1' },
    });
    expect(done.statusCode).toBe(204);
  });

  it('answers an unknown address the same, and logs no link for it', async () => {
    const account = await signUp(t.current.app);
    const stranger = uniqueEmail('ghost');
    const known = await requestReset(account.email);
    const unknown = await requestReset(stranger);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(log.linksTo(stranger)).toEqual([]);
  });

  it('logs the verification link at sign-up, and says so to the signed-in user', async () => {
    const account = await signUp(t.current.app);
    const [line] = log.linksTo(account.email);
    expect(line).toMatchObject({
      level: WARN,
      msg: `Verify your e-mail address for Kindling: no mail server is set up (SMTP_URL), pass this link on to ${account.email}`,
    });
    expect(line!.link).toMatch(/^http:\/\/localhost\/admin\/auth\/verify-email\?token=/);

    const context = await t.current.app.inject({
      method: 'GET',
      url: '/api/user/by-session',
      headers: bearer(account),
    });
    expect(context.json()).toMatchObject({
      user: { email: account.email, emailVerified: false },
      mailDelivery: 'log',
    });
    const again = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/verification',
      headers: { ...bearer(account), host },
    });
    expect(again.json()).toEqual({ email: account.email, delivery: 'log' });
    expect(log.linksTo(account.email)).toHaveLength(2);

    const token = new URL(log.linksTo(account.email)[1]!.link!).searchParams.get('token')!;
    const verified = await t.current.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
    });
    expect(verified.json()).toEqual({ email: account.email });
  });
});
