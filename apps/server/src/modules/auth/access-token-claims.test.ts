import { SignJWT } from 'jose';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { errorOf, signUp, useTestApp, type Account } from '../../../test/test-app';
import { loadAuthSecret } from './auth-secret';

const UNAUTHENTICATED = 'User needs to be authenticated to call this API.';

interface Claims {
  sub?: string;
  exp?: number;
  sid?: string;
  typ?: string;
}

describeEachDatabase('access token claims', (kind) => {
  const t = useTestApp(kind);
  let account: Account;
  let sessionId: string;
  let secret: Uint8Array;

  beforeAll(async () => {
    account = await signUp(t.current.app);
    const session = await t.current.services.db
      .selectFrom('sessions')
      .select('id')
      .where('userId', '=', account.userId)
      .executeTakeFirstOrThrow();
    sessionId = session.id;
    secret = new TextEncoder().encode(await loadAuthSecret(t.current.services.db, undefined));
  });

  /** A token signed with the server's real key, holding exactly the given claims. */
  const signed = (claims: Claims) =>
    new SignJWT({ ...claims, iss: 'kindling', iat: Math.floor(Date.now() / 1000) })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);

  const valid = (): Claims => ({
    typ: 'access',
    sid: sessionId,
    sub: String(account.userId),
    exp: Math.floor(Date.now() / 1000) + 600,
  });

  const call = async (token: string) =>
    t.current.app.inject({
      method: 'GET',
      url: '/api/user/by-session',
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts a well-formed token signed with the real key (positive control)', async () => {
    expect((await call(await signed(valid()))).statusCode).toBe(200);
  });

  it.each([
    ['without exp', 'exp'],
    ['without sub', 'sub'],
    ['without sid', 'sid'],
    ['without typ', 'typ'],
  ] as const)('refuses a token %s with 401 in the standard error shape', async (_label, claim) => {
    const claims = valid();
    delete claims[claim];
    const response = await call(await signed(claims));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: UNAUTHENTICATED },
    });
  });

  it.each(['abc', '0', '1.5', '-1', ''])(
    'refuses the subject %j with 401, not a database error',
    async (sub) => {
      const response = await call(await signed({ ...valid(), sub }));
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    },
  );
});
