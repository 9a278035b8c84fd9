import bcrypt from 'bcryptjs';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { errorOf, PASSWORD, signUp, uniqueEmail, useTestApp } from '../../../test/test-app';
import { loadAuthSecret } from './auth-secret';

// What production stores: the real cost, not the cheap one of test/cheap-password-hashes.ts.
vi.unmock('@kindling/domain');

const UNAUTHENTICATED = 'User needs to be authenticated to call this API.';

describeEachDatabase('accounts and sessions', (kind) => {
  const t = useTestApp(kind);

  describe('register', () => {
    it('creates a user and stores a bcrypt hash with 10 rounds', async () => {
      const email = uniqueEmail('Reg');
      const response = await t.current.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { email, password: PASSWORD, realName: 'Grace Hopper' },
      });
      expect(response.statusCode).toBe(201);
      const { user } = response.json<{ user: { id: number; email: string; realName: string } }>();
      expect(user).toEqual({
        id: expect.any(Number),
        email: email.toLowerCase(),
        realName: 'Grace Hopper',
      });
      const row = await t.current.services.db
        .selectFrom('users')
        .select('passwordHash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(bcrypt.getRounds(row.passwordHash)).toBe(10);
      expect(await bcrypt.compare(PASSWORD, row.passwordHash)).toBe(true);
    });

    it('refuses a taken e-mail, in any letter case, and changes nothing', async () => {
      const email = uniqueEmail('dup');
      const payload = { email, password: PASSWORD, realName: 'First' };
      expect(
        (await t.current.app.inject({ method: 'POST', url: '/api/user/register', payload }))
          .statusCode,
      ).toBe(201);
      const again = await t.current.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { ...payload, email: email.toUpperCase(), realName: 'Second' },
      });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe('An account with this e-mail already exists');
      const rows = await t.current.services.db
        .selectFrom('users')
        .select('realName')
        .where('email', '=', email)
        .execute();
      expect(rows).toEqual([{ realName: 'First' }]);
    });

    it.each([
      [
        { email: 'not-an-email', password: PASSWORD, realName: 'X' },
        'email',
        'Please enter a valid email address',
      ],
      [
        { email: 'a@b.co', password: 'short1', realName: 'X' },
        'password',
        'Password must be at least 8 characters',
      ],
      [
        { email: 'a@b.co', password: 'lettersonly', realName: 'X' },
        'password',
        'Password must contain at least one letter and one number',
      ],
      [
        { email: 'a@b.co', password: PASSWORD, realName: '   ' },
        'realName',
        'Please enter your name',
      ],
    ])('answers 400 with the field message for %j', async (payload, field, message) => {
      const response = await t.current.app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload,
      });
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION');
      expect(error.fields?.[field]).toBe(message);
    });
  });

  describe('sign-in, refresh, sign-out', () => {
    it('issues access, id and refresh tokens that last the session', async () => {
      const account = await signUp(t.current.app);
      const response = await t.current.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: account.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const tokens = response.json<Record<string, unknown>>();
      expect(Object.keys(tokens).sort()).toEqual([
        'accessToken',
        'expiresIn',
        'idToken',
        'refreshToken',
      ]);
      expect(tokens.expiresIn).toBe(3600);
      const session = await t.current.services.db
        .selectFrom('sessions')
        .select(['expiresAt', 'createdAt'])
        .where('userId', '=', account.userId)
        .orderBy('createdAt', 'desc')
        .executeTakeFirstOrThrow();
      const lengthSeconds = (session.expiresAt.getTime() - session.createdAt.getTime()) / 1000;
      expect(Math.round(lengthSeconds)).toBe(86400);
    });

    it('refuses a wrong password and an unknown e-mail with the same message', async () => {
      const account = await signUp(t.current.app);
      for (const payload of [
        { email: account.email, password: 'wrong-password-1' },
        { email: uniqueEmail('nobody'), password: PASSWORD },
      ]) {
        const response = await t.current.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload,
        });
        expect(response.statusCode).toBe(401);
        expect(errorOf(response)).toEqual({
          code: 'UNAUTHENTICATED',
          message: 'Incorrect e-mail or password.',
        });
      }
    });

    it('rotates the refresh token: the new one works, the old one is refused', async () => {
      const account = await signUp(t.current.app);
      const refresh = (refreshToken: string) =>
        t.current.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refreshToken },
        });
      const first = await refresh(account.refreshToken);
      expect(first.statusCode).toBe(200);
      const next = first.json<{ accessToken: string; refreshToken: string }>();
      expect(next.refreshToken).not.toBe(account.refreshToken);
      const context = await t.current.app.inject({
        method: 'GET',
        url: '/api/user/by-session',
        headers: { authorization: `Bearer ${next.accessToken}` },
      });
      expect(context.statusCode).toBe(200);
      expect((await refresh(next.refreshToken)).statusCode).toBe(200);
      // Replaying the first token is refused (and ends the session: refresh-token-reuse.test.ts).
      const replay = await refresh(account.refreshToken);
      expect(replay.statusCode).toBe(401);
    });

    it('sign-out revokes the session: its access and refresh tokens stop working', async () => {
      const account = await signUp(t.current.app);
      const headers = { authorization: `Bearer ${account.token}` };
      const out = await t.current.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers,
      });
      expect(out.statusCode).toBe(204);
      const after = await t.current.app.inject({
        method: 'GET',
        url: '/api/user/by-session',
        headers,
      });
      expect(after.statusCode).toBe(401);
      const refresh = await t.current.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: account.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    });
  });

  describe('401 for missing, forged and expired tokens', () => {
    const call = (authorization?: string) =>
      t.current.app.inject({
        method: 'GET',
        url: '/api/user/by-session',
        headers: authorization ? { authorization } : {},
      });

    it('refuses a call without a token', async () => {
      const response = await call();
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message: UNAUTHENTICATED });
    });

    it('refuses a forged token', async () => {
      const forged = await new SignJWT({ typ: 'access', sid: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('kindling')
        .setSubject('1')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
      expect((await call(`Bearer ${forged}`)).statusCode).toBe(401);
      expect((await call('Bearer garbage')).statusCode).toBe(401);
    });

    it('refuses an expired token signed with the real key', async () => {
      const account = await signUp(t.current.app);
      const session = await t.current.services.db
        .selectFrom('sessions')
        .select('id')
        .where('userId', '=', account.userId)
        .executeTakeFirstOrThrow();
      const secret = await loadAuthSecret(t.current.services.db, undefined);
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ typ: 'access', sid: session.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('kindling')
        .setSubject(String(account.userId))
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(new TextEncoder().encode(secret));
      const response = await call(`Bearer ${expired}`);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(UNAUTHENTICATED);
      // Positive control: the same session with a live token is accepted.
      expect((await call(`Bearer ${account.token}`)).statusCode).toBe(200);
    });
  });
});
