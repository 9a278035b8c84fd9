import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { bearer, signUp, uniqueEmail, useTestApp } from './test-app';

// Issue 14's authentication bullet, the parts not covered in modules/auth: the password never
// reaches the log (at the most verbose level), a password change ends every other session's
// refresh token, and a session past its end refuses both of its tokens.

const FIRST = 'Log-probe-first-pass-71';
const SECOND = 'Log-probe-second-pass-72';
const WRONG = 'Log-probe-wrong-pass-73';

describeEachDatabase('authentication hardening', (kind) => {
  const lines: string[] = [];
  const t = useTestApp(
    kind,
    { LOG_LEVEL: 'trace' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.current.app.inject({ method: 'POST', url, payload, headers });

  it('never writes a password during sign-up, sign-in and password change; the change revokes other refresh tokens', async () => {
    const email = uniqueEmail('log-probe');
    const statuses: number[] = [];
    const register = await post('/api/user/register', {
      email,
      password: FIRST,
      realName: 'Log Probe',
    });
    statuses.push(register.statusCode);
    statuses.push((await post('/api/auth/sign-in', { email, password: WRONG })).statusCode);
    const signIn = await post('/api/auth/sign-in', { email, password: FIRST });
    const other = await post('/api/auth/sign-in', { email, password: FIRST });
    const tokens = signIn.json<{ accessToken: string }>();
    const otherRefresh = other.json<{ refreshToken: string }>().refreshToken;
    const change = await post(
      '/api/user/save',
      { currentPassword: FIRST, newPassword: SECOND },
      bearer({ token: tokens.accessToken }),
    );
    statuses.push(signIn.statusCode, change.statusCode);
    statuses.push((await post('/api/auth/sign-in', { email, password: SECOND })).statusCode);
    const refreshAfterChange = await post('/api/auth/refresh', { refreshToken: otherRefresh });

    expect(statuses).toEqual([201, 401, 200, 200, 200]);
    expect(refreshAfterChange.statusCode).toBe(401);
    // Positive control: the flows were logged, so the absence below means something.
    const log = lines.join('');
    expect(log).toContain('/api/auth/sign-in');
    for (const password of [FIRST, SECOND, WRONG]) {
      expect(log).not.toContain(password);
      expect(log).not.toContain(encodeURIComponent(password));
    }
  });

  it('refuses the access and refresh tokens of a session past its end', async () => {
    const account = await signUp(t.current.app, 'Expired Session');
    const headers = bearer(account);
    const bySession = () =>
      t.current.app.inject({ method: 'GET', url: '/api/user/by-session', headers });
    expect((await bySession()).statusCode).toBe(200);
    await t.current.services.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', account.userId)
      .execute();
    expect((await bySession()).statusCode).toBe(401);
    const refresh = await post('/api/auth/refresh', { refreshToken: account.refreshToken });
    expect(refresh.statusCode).toBe(401);
  });
});
