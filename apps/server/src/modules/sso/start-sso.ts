import { randomBytes } from 'node:crypto';
import { safeNext, SSO_LOGIN_TTL_MS } from '@kindling/domain';
import * as oidc from 'openid-client';
import type { Db } from '../../db/database';
import { ssoCallbackUrl, type SsoConfig } from './oidc-provider-config';
import { deleteStaleSsoRows, insertSsoLogin } from './repo';
import { sha256Hex } from './sso-hash';

/**
 * Starts a sign-on: a fresh state, nonce and PKCE verifier kept here (never in the browser),
 * bound to this browser by `browserKey` (set as a cookie: an answer brought to another browser,
 * a login CSRF, finds nothing), and the provider's authorization address to send it to.
 */
export async function startSso(
  deps: { db: Db; config: SsoConfig; provider: () => Promise<oidc.Configuration> },
  { next, loginHint }: { next?: string | undefined; loginHint?: string | undefined },
): Promise<{ url: string; browserKey: string }> {
  const provider = await deps.provider();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await deleteStaleSsoRows(deps.db, SSO_LOGIN_TTL_MS);
  const browserKey = randomBytes(32).toString('base64url');
  await insertSsoLogin(deps.db, {
    state,
    nonce,
    codeVerifier,
    browserHash: sha256Hex(browserKey),
    next: safeNext(next),
  });
  const url = oidc
    .buildAuthorizationUrl(provider, {
      redirect_uri: ssoCallbackUrl(deps.config),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(loginHint ? { login_hint: loginHint } : {}),
    })
    .toString();
  return { url, browserKey };
}
