import { SSO_LOGIN_TTL_MS } from '@kindling/domain';
import * as oidc from 'openid-client';
import type { Db } from '../../db/database';
import { ssoCallbackUrl, type SsoConfig } from './oidc-provider-config';
import { deleteStaleSsoRows, insertSsoLogin } from './repo';

/** Only in-app destinations, as the sign-in page's `next`. */
export const safeNext = (next: string | undefined): string =>
  next?.startsWith('/admin') && !next.startsWith('//') && !next.includes('\\') ? next : '/admin';

/**
 * Starts a sign-on: a fresh state, nonce and PKCE verifier kept here (never in the browser),
 * and the provider's authorization address to send the person to.
 */
export async function startSso(
  deps: { db: Db; config: SsoConfig; provider: () => Promise<oidc.Configuration> },
  { next, loginHint }: { next?: string | undefined; loginHint?: string | undefined },
): Promise<string> {
  const provider = await deps.provider();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await deleteStaleSsoRows(deps.db, SSO_LOGIN_TTL_MS);
  await insertSsoLogin(deps.db, { state, nonce, codeVerifier, next: safeNext(next) });
  return oidc
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
}
