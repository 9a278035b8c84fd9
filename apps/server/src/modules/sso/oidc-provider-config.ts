import * as oidc from 'openid-client';
import type { Config } from '../../config';

export type SsoConfig = Pick<
  Config,
  | 'OIDC_ISSUER'
  | 'OIDC_CLIENT_ID'
  | 'OIDC_CLIENT_SECRET'
  | 'OIDC_NAME'
  | 'OIDC_ONLY'
  | 'OIDC_TEAM_DOMAINS'
  | 'OIDC_ALLOW_HTTP'
  | 'PUBLIC_URL'
>;

/** The provider's configuration, read once from its discovery document (again after a failure). */
export function oidcProvider(config: SsoConfig): () => Promise<oidc.Configuration> {
  let discovered: Promise<oidc.Configuration> | undefined;
  return () => {
    discovered ??= oidc
      .discovery(
        new URL(config.OIDC_ISSUER!),
        config.OIDC_CLIENT_ID!,
        undefined,
        oidc.ClientSecretBasic(config.OIDC_CLIENT_SECRET),
        config.OIDC_ALLOW_HTTP ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .then((provider) => {
        // Check the ID token's signature against the provider's keys too, not only TLS.
        oidc.enableNonRepudiationChecks(provider);
        return provider;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };
}

/** Where the provider sends people back. */
export const ssoCallbackUrl = (config: SsoConfig) =>
  `${config.PUBLIC_URL!.replace(/\/$/, '')}/api/auth/sso/callback`;

export const ssoConfigured = (config: SsoConfig) => config.OIDC_ISSUER !== undefined;
