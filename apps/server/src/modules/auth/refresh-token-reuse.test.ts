import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { errorOf, PASSWORD, signUp, useTestApp, type Account } from '../../../test/test-app';
import { RETIRED_REFRESH_TOKENS_KEPT, SESSION_EXPIRED } from './refresh-session';
import { hashRefreshToken } from './tokens';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

describeEachDatabase('refresh-token reuse ends the session', (kind) => {
  const t = useTestApp(kind);

  const refresh = (refreshToken: string) =>
    t.current.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
  const refreshed = async (refreshToken: string) => {
    const response = await refresh(refreshToken);
    expect(response.statusCode).toBe(200);
    return response.json<Tokens>();
  };
  const me = async (accessToken: string) =>
    (
      await t.current.app.inject({
        method: 'GET',
        url: '/api/user/by-session',
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).statusCode;
  const signIn = async (account: Account) =>
    (
      await t.current.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: account.email, password: PASSWORD },
      })
    ).json<Tokens>();
  const sessionOf = (refreshToken: string) =>
    t.current.services.db
      .selectFrom('sessions')
      .select(['id', 'revokedAt'])
      .where('refreshTokenHash', '=', hashRefreshToken(refreshToken))
      .executeTakeFirstOrThrow();
  // count() is a bigint: pg answers a string, PGlite a number.
  const retiredCount = async (sessionId: string) => {
    const { n } = await t.current.services.db
      .selectFrom('retiredRefreshTokens')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('sessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    return Number(n);
  };

  it('refuses a reused token and revokes its session: the newest refresh and access tokens stop working', async () => {
    const account = await signUp(t.current.app);
    const otherSession = await signIn(account);
    const b = await refreshed(account.refreshToken);
    const { id: sessionId } = await sessionOf(b.refreshToken);
    expect(await me(b.accessToken)).toBe(200);

    const reuse = await refresh(account.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(errorOf(reuse)).toEqual({ code: 'UNAUTHENTICATED', message: SESSION_EXPIRED });

    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
    expect(await me(b.accessToken)).toBe(401);
    expect(await me(account.token)).toBe(401);
    const session = await t.current.services.db
      .selectFrom('sessions')
      .select('revokedAt')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(session.revokedAt).toBeInstanceOf(Date);

    // Positive control: the same user's other session is not part of this token family.
    expect(await me(otherSession.accessToken)).toBe(200);
    expect((await refresh(otherSession.refreshToken)).statusCode).toBe(200);
  });

  it('leaves the session alone for an unknown token', async () => {
    const account = await signUp(t.current.app);
    expect((await refresh('not-a-token-we-ever-issued')).statusCode).toBe(401);
    expect(await me(account.token)).toBe(200);
    expect((await refresh(account.refreshToken)).statusCode).toBe(200);
  });

  it(`remembers the newest ${RETIRED_REFRESH_TOKENS_KEPT} retired tokens of a session and prunes older ones`, async () => {
    const account = await signUp(t.current.app);
    const chain = [account.refreshToken];
    for (let i = 0; i < RETIRED_REFRESH_TOKENS_KEPT + 2; i++) {
      chain.push((await refreshed(chain.at(-1)!)).refreshToken);
    }
    const current = chain.at(-1)!;
    const { id: sessionId } = await sessionOf(current);
    expect(await retiredCount(sessionId)).toBe(RETIRED_REFRESH_TOKENS_KEPT);

    // The two oldest were pruned: refused, but no longer recognised as this session's.
    expect((await refresh(chain[0]!)).statusCode).toBe(401);
    expect((await refresh(chain[1]!)).statusCode).toBe(401);
    expect((await sessionOf(current)).revokedAt).toBeNull();

    // The oldest one still remembered ends the session.
    expect((await refresh(chain[2]!)).statusCode).toBe(401);
    expect((await sessionOf(current)).revokedAt).toBeInstanceOf(Date);
    expect((await refresh(current)).statusCode).toBe(401);
  });

  it('lets exactly one of several simultaneous refreshes with one token rotate it', async () => {
    for (let round = 0; round < 3; round++) {
      const account = await signUp(t.current.app);
      const responses = await Promise.all([0, 1, 2].map(() => refresh(account.refreshToken)));
      const winners = responses.filter((response) => response.statusCode === 200);
      const losers = responses.filter((response) => response.statusCode !== 200);
      expect(winners).toHaveLength(1);
      expect(losers.map((response) => response.statusCode)).toEqual([401, 401]);
      const winner = winners[0]!.json<Tokens>();

      // Exactly one rotation happened: the stored hash is the winner's, one token was retired.
      const session = await sessionOf(winner.refreshToken);
      expect(await retiredCount(session.id)).toBe(1);
      // The losers presented a token that had just been exchanged: that is reuse, and the
      // server cannot tell a second tab from a thief, so the session ends (see decisions.md).
      expect(session.revokedAt).toBeInstanceOf(Date);
      expect((await refresh(winner.refreshToken)).statusCode).toBe(401);
    }
  });
});
