import { randomBytes } from 'node:crypto';
import { emailSchema, SSO_LOGIN_TTL_MS, type SsoRefusalKey } from '@kindling/domain';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Db } from '../../db/database';
import { joinTeamByDomain } from '../teams/join-team-by-domain';
import { ensureSsoAccount } from '../users/ensure-sso-account';
import { ssoCallbackUrl, type SsoConfig } from './oidc-provider-config';
import { insertSsoHandoff, takeSsoLogin } from './repo';
import { sha256Hex } from './sso-hash';

/** A sign-on refused for a reason the person is told (`SSO_MESSAGES[key]`). */
export class SsoRefusal extends Error {
  constructor(readonly key: SsoRefusalKey) {
    super(key);
  }
}

/**
 * The provider's answer at the callback: the state must be one this server started (and not
 * used), the code is exchanged with the PKCE verifier, and openid-client checks the ID token
 * (issuer, audience: this client, nonce, expiry, signature). The person's verified e-mail then
 * finds or makes their account, joins their domain's team, and a one-time handoff code is made
 * for the app to exchange for its session. Answers where to send the browser.
 */
export async function finishSso(
  deps: {
    db: Db;
    config: SsoConfig;
    provider: () => Promise<oidc.Configuration>;
    log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  },
  { callbackUrl, browserKey }: { callbackUrl: URL; browserKey: string | undefined },
): Promise<{ handoff: string; next: string }> {
  const state = callbackUrl.searchParams.get('state');
  const login =
    state && browserKey
      ? await takeSsoLogin(deps.db, { state, browserHash: sha256Hex(browserKey) }, SSO_LOGIN_TTL_MS)
      : null;
  if (!login) throw new SsoRefusal('badState');
  // The provider answers at our public address; the request may have reached us behind a proxy.
  const answered = new URL(ssoCallbackUrl(deps.config));
  answered.search = callbackUrl.search;
  let claims: Partial<oidc.UserInfoResponse> | undefined;
  try {
    const provider = await deps.provider();
    const tokens = await oidc.authorizationCodeGrant(provider, answered, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: state!,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()!;
    // Issued to this client: openid-client checks `azp` only when there are several audiences.
    if (idToken.azp !== undefined && idToken.azp !== deps.config.OIDC_CLIENT_ID) {
      throw new Error(`the ID token was issued to ${String(idToken.azp)}`);
    }
    // A conformant provider may keep the e-mail out of the ID token: then ask its userinfo,
    // for the same subject.
    claims =
      typeof idToken.email === 'string'
        ? idToken
        : await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub);
  } catch (error) {
    deps.log.warn({ err: error }, 'single sign-on refused by the provider or its token');
    throw new SsoRefusal('refused');
  }
  if (typeof claims?.email !== 'string' || !claims.email.trim()) throw new SsoRefusal('noEmail');
  // The sign-up rules (and plain ASCII): a look-alike letter must not match another address.
  const parsed = emailSchema.safeParse(claims.email);
  if (!parsed.success || !/^[\x21-\x7e]+$/.test(parsed.data)) throw new SsoRefusal('refused');
  const email = parsed.data;
  if (claims?.email_verified !== true) throw new SsoRefusal('unverifiedEmail');
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
  const user = await ensureSsoAccount(deps, { email, realName: name.slice(0, 100) });
  if (user.kind === 'reserved') throw new SsoRefusal('reservedEmail');
  if (user.kind === 'unproven') throw new SsoRefusal('unprovenAccount');
  // At the first sign-on only: someone an owner removes later stays removed.
  const team = user.created
    ? await joinTeamByDomain(deps, {
        email,
        userId: user.id,
        domains: deps.config.OIDC_TEAM_DOMAINS,
      })
    : { joined: null, missing: null };
  if (team.missing) {
    deps.log.warn({ team: team.missing }, 'OIDC_TEAM_DOMAINS names a team that does not exist');
  }
  deps.log.info({ userId: user.id, created: user.created, joined: team.joined }, 'signed on');
  const handoff = randomBytes(32).toString('base64url');
  await insertSsoHandoff(deps.db, {
    codeHash: sha256Hex(handoff),
    userId: user.id,
    browserHash: sha256Hex(browserKey!),
  });
  return { handoff, next: login.next };
}
