import { createHash } from 'node:crypto';
import { SSO_MESSAGES, type SsoRefusalKey } from '@kindling/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { startOidcProvider } from '../../../test/oidc-provider';
import {
  bearer,
  createTeam,
  errorOf,
  PASSWORD,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Single sign-on with OpenID Connect (issue 33) against a real provider (oidc-provider) on
// loopback, on both databases: a new person signs on and joins their domain's team; an
// existing account is linked by its verified address; a forged state, a replayed code, a code
// issued to another client (wrong audience) and an unverified address are refused; the
// one-time handoff works once; "only SSO" refuses passwords.

const PUBLIC_URL = 'http://kindling.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/sso/callback`;
const OTHER_CALLBACK = 'http://other.test/callback';

const provider = await startOidcProvider({
  clients: [
    { client_id: 'kindling', client_secret: 'kindling-secret', redirect_uris: [CALLBACK] },
    { client_id: 'other-app', client_secret: 'other-secret', redirect_uris: [OTHER_CALLBACK] },
  ],
  accounts: [
    { email: 'grace@acme.example', emailVerified: true, name: 'Grace Hopper' },
    { email: 'linked@acme.example', emailVerified: true, name: 'Linked Person' },
    { email: 'mallory@elsewhere.example', emailVerified: false, name: 'Mallory' },
  ],
});
afterAll(() => provider.close());

const ssoConfig = {
  OIDC_ISSUER: provider.issuer,
  OIDC_CLIENT_ID: 'kindling',
  OIDC_CLIENT_SECRET: 'kindling-secret',
  OIDC_NAME: 'Acme ID',
  OIDC_ALLOW_HTTP: true,
  OIDC_TEAM_DOMAINS: [['acme.example', 'acme-sso']] as [string, string][],
  PUBLIC_URL,
};

/**
 * A browser at the provider: follows its redirects with its cookies, fills its sign-in form
 * with `email`, and stops at the first address outside the provider (the client's callback).
 */
async function throughProvider(authorizeUrl: string, email: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizeUrl;
  let form: string | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form } : {}),
    });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (response.status === 200 && url.includes('/interaction/')) {
      form = new URLSearchParams({ email }).toString();
      continue;
    }
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}`);
    const next = new URL(location, url);
    if (next.origin !== provider.issuer) return next;
    url = next.toString();
    form = undefined;
  }
  throw new Error('too many redirects at the provider');
}

describeEachDatabase('single sign-on', (kind) => {
  const t = useTestApp(kind, ssoConfig);
  const app = () => t.current.app;

  /** A sign-on started at Kindling: the provider's address, and the browser's cookie. */
  async function start(query: Record<string, string> = {}) {
    const started = await app().inject({
      url: `/api/auth/sso/start?${new URLSearchParams(query).toString()}`,
    });
    expect(started.statusCode, started.body).toBe(302);
    const setCookie = started.headers['set-cookie'] as string;
    expect(setCookie).toMatch(
      /^kindling_sso=[\w-]{43}; Path=\/api\/auth\/sso; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    const authorize = new URL(started.headers.location as string);
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    return {
      authorize,
      cookie: setCookie.split(';')[0]!,
      state: authorize.searchParams.get('state')!,
    };
  }

  /** Starts at Kindling and comes back with the provider's answer for `email`. */
  async function answerFor(email: string, next = '/admin/acme-sso/campaigns') {
    const { authorize, cookie } = await start({ next, login_hint: email });
    return { url: await throughProvider(authorize.toString(), email), cookie };
  }
  /** The provider's answer brought to Kindling, by the browser holding `cookie`. */
  const callback = (answer: { url: URL; cookie: string }, cookie = answer.cookie) =>
    app().inject({ url: `${answer.url.pathname}${answer.url.search}`, headers: { cookie } });
  const refusedWith = (response: Awaited<ReturnType<typeof callback>>, key: SsoRefusalKey) => {
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string, PUBLIC_URL);
    expect(location.pathname).toBe('/admin/auth/sign-in');
    expect(location.searchParams.get('sso_error')).toBe(key);
  };
  const handoffOf = (response: Awaited<ReturnType<typeof callback>>) => {
    expect(response.statusCode, response.body).toBe(302);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/admin\/auth\/sso\?next=[^#]+#code=[\w-]{43}$/);
    return location.split('#code=')[1]!;
  };
  /** The app's exchange of the handoff, from the browser holding `cookie`. */
  const exchange = (code: string, cookie: string) =>
    app().inject({
      method: 'POST',
      url: '/api/auth/sso/exchange',
      payload: { code },
      headers: { cookie },
    });
  /** A whole sign-on as `email`, in one browser: the session's access token. */
  async function signOn(email: string) {
    const answer = await answerFor(email);
    const tokens = await exchange(handoffOf(await callback(answer)), answer.cookie);
    expect(tokens.statusCode, tokens.body).toBe(200);
    return tokens.json<{ accessToken: string }>().accessToken;
  }
  const context = async (token: string) =>
    (
      await app().inject({
        url: '/api/user/by-session',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ user: { id: number; email: string; realName: string }; teams: { slug: string }[] }>();

  let owner: Account;
  beforeAll(async () => {
    owner = await signUp(app(), 'Acme Owner');
    expect(await createTeam(app(), owner, 'Acme SSO')).toBe('acme-sso');
  });

  it("offers the provider's name on the sign-in screen", async () => {
    const offer = await app().inject({ url: '/api/auth/sso' });
    expect(offer.json()).toEqual({ name: 'Acme ID', only: false });
  });

  it('signs a new person on, verified, in their domain’s team, back where they were going', async () => {
    const answer = await answerFor('grace@acme.example');
    const finished = await callback(answer);
    const code = handoffOf(finished);
    expect(finished.headers.location).toContain(
      `next=${encodeURIComponent('/admin/acme-sso/campaigns')}`,
    );
    // Sent to someone else, the code signs nobody in (nor is it used up).
    const elsewhere = await exchange(code, (await start()).cookie);
    expect(elsewhere.statusCode).toBe(401);
    expect(errorOf(elsewhere).message).toBe(SSO_MESSAGES.badHandoff);
    const tokens = await exchange(code, answer.cookie);
    expect(tokens.statusCode, tokens.body).toBe(200);
    const me = await context(tokens.json<{ accessToken: string }>().accessToken);
    expect(me.user).toMatchObject({ email: 'grace@acme.example', realName: 'Grace Hopper' });
    expect(me.teams.map((team) => team.slug)).toEqual(['acme-sso']);
    const row = await t.current.services.db
      .selectFrom('users')
      .select('emailVerifiedAt')
      .where('id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(row.emailVerifiedAt).not.toBeNull();

    // The handoff works once.
    const again = await exchange(code, answer.cookie);
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).message).toBe(SSO_MESSAGES.badHandoff);
  });

  it('links an account only once its address was proven here', async () => {
    const registered = await app().inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: 'Linked@acme.example', password: PASSWORD, realName: 'Linked Person' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { id } = registered.json<{ user: { id: number } }>().user;
    // Never verified: it may have been made by someone else ahead of the address's owner.
    refusedWith(await callback(await answerFor('linked@acme.example')), 'unprovenAccount');
    // Its owner proves the address (the link the mail carries), then signs on into it.
    await t.current.services.db
      .updateTable('users')
      .set({ emailVerifiedAt: new Date() })
      .where('id', '=', id)
      .execute();
    expect((await context(await signOn('linked@acme.example'))).user.id).toBe(id);
    // The password still works: the account is the owner's.
    const signedIn = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'linked@acme.example', password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('joins the domain’s team at the first sign-on only: a removed member stays removed', async () => {
    const grace = await context(await signOn('grace@acme.example'));
    expect(grace.teams.map((team) => team.slug)).toEqual(['acme-sso']);
    const removed = await app().inject({
      method: 'DELETE',
      url: `/api/team/acme-sso/members/remove?userId=${grace.user.id}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await context(await signOn('grace@acme.example'))).teams).toEqual([]);
  });

  it('refuses a state it never started', async () => {
    refusedWith(
      await app().inject({ url: '/api/auth/sso/callback?code=anything&state=forged' }),
      'badState',
    );
  });

  it('refuses an answer brought to another browser (a login CSRF)', async () => {
    // Someone signs on as themselves and sends their answer to another person's browser.
    const theirs = await answerFor('grace@acme.example');
    const victim = await start();
    refusedWith(await callback(theirs, victim.cookie), 'badState');
    refusedWith(
      await app().inject({ url: `${theirs.url.pathname}${theirs.url.search}` }),
      'badState',
    );
  });

  it('refuses a replayed answer, and a used code under a fresh state', async () => {
    const answer = await answerFor('grace@acme.example');
    handoffOf(await callback(answer));
    // The same answer again: its state was taken.
    refusedWith(await callback(answer), 'badState');
    // The used code with a state this server did start: the provider refuses the code.
    const fresh = await start();
    refusedWith(
      await app().inject({
        url: `/api/auth/sso/callback?${new URLSearchParams({ code: answer.url.searchParams.get('code')!, state: fresh.state, iss: provider.issuer }).toString()}`,
        headers: { cookie: fresh.cookie },
      }),
      'refused',
    );
  });

  it('refuses a code issued to another client (the wrong audience)', async () => {
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const theirs = await throughProvider(
      `${provider.issuer}/auth?${new URLSearchParams({
        client_id: 'other-app',
        redirect_uri: OTHER_CALLBACK,
        response_type: 'code',
        scope: 'openid email',
        state: 'theirs',
        nonce: 'theirs',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString()}`,
      'grace@acme.example',
    );
    expect(theirs.origin).toBe('http://other.test');
    const fresh = await start();
    refusedWith(
      await app().inject({
        url: `/api/auth/sso/callback?${new URLSearchParams({ code: theirs.searchParams.get('code')!, state: fresh.state, iss: provider.issuer }).toString()}`,
        headers: { cookie: fresh.cookie },
      }),
      'refused',
    );
  });

  it('refuses an address the provider has not verified, and makes no account', async () => {
    refusedWith(await callback(await answerFor('mallory@elsewhere.example')), 'unverifiedEmail');
    const row = await t.current.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'mallory@elsewhere.example')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('single sign-on, settings', () => {
  describe('only SSO', () => {
    const t = useTestApp('pglite', { ...ssoConfig, OIDC_ONLY: true });
    it('refuses passwords with the message, and says so to the sign-in screen', async () => {
      expect((await t.current.app.inject({ url: '/api/auth/sso' })).json()).toEqual({
        name: 'Acme ID',
        only: true,
      });
      for (const [url, payload] of [
        ['/api/auth/sign-in', { email: 'a@acme.example', password: PASSWORD }],
        ['/api/user/register', { email: 'b@acme.example', password: PASSWORD, realName: 'B' }],
        ['/api/auth/password-reset', { email: 'a@acme.example' }],
      ] as const) {
        const refused = await t.current.app.inject({ method: 'POST', url, payload });
        expect(refused.statusCode).toBe(403);
        expect(errorOf(refused).message).toBe(SSO_MESSAGES.ssoOnly('Acme ID'));
      }
    });
  });

  describe('not set up', () => {
    const t = useTestApp('pglite');
    it('answers 404 to the sign-in screen and has no start', async () => {
      const offer = await t.current.app.inject({ url: '/api/auth/sso' });
      expect(offer.statusCode).toBe(404);
      expect(errorOf(offer).message).toBe(SSO_MESSAGES.unavailable);
      expect((await t.current.app.inject({ url: '/api/auth/sso/start' })).statusCode).toBe(404);
    });
  });
});
