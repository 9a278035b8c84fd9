import { expect, it } from 'vitest';
import { describeEachDatabase } from './databases';
import { bearer, uniqueEmail, useTestApp } from './test-app';

// The account flows that carry a password, run with the most verbose log level: the password
// never reaches the log, and a password change ends every other session's refresh token.

const FIRST = 'Log-probe-first-pass-71';
const SECOND = 'Log-probe-second-pass-72';
const WRONG = 'Log-probe-wrong-pass-73';

describeEachDatabase('passwords and the log', (kind) => {
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
});
