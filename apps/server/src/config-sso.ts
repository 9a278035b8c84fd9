import { z } from 'zod';

const blank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * Single sign-on with OpenID Connect (issue 33): part of the one config schema (config.ts), kept
 * apart so that file stays readable. All three of issuer, client id and secret, or none.
 */
export const ssoConfigShape = {
  /** The provider's issuer (its /.well-known/openid-configuration is read from there). */
  OIDC_ISSUER: z.preprocess(blank, z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: z.preprocess(blank, z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess(blank, z.string().optional()),
  /** The button's words: "Sign in with {OIDC_NAME}". */
  OIDC_NAME: z.string().trim().min(1).max(40).default('single sign-on'),
  /** Only single sign-on: password sign-in and sign-up are refused. */
  OIDC_ONLY: z.stringbool().default(false),
  /**
   * E-mail domains whose people join a team at their first sign-on, as `domain=team-slug`
   * pairs separated by commas (`example.com=acme,example.org=acme`), as members.
   */
  OIDC_TEAM_DOMAINS: z
    .string()
    .default('')
    .transform((value, context) => {
      const pairs: [domain: string, team: string][] = [];
      for (const item of value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const match = /^([a-z0-9.-]+\.[a-z]{2,})=([a-z0-9-]+)$/i.exec(item);
        if (!match) {
          context.addIssue({
            code: 'custom',
            message: `OIDC_TEAM_DOMAINS takes domain=team-slug pairs separated by commas; "${item}" is not one`,
          });
          return z.NEVER;
        }
        pairs.push([match[1]!.toLowerCase(), match[2]!.toLowerCase()]);
      }
      return pairs;
    }),
  /**
   * Tests and local providers only: lets the issuer be plain http (openid-client refuses it
   * otherwise). Never in production: the provider's answers travel unprotected.
   */
  OIDC_ALLOW_HTTP: z.stringbool().default(false),
};

interface SsoSettings {
  OIDC_ISSUER?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
  PUBLIC_URL?: string | undefined;
}

/** The refusals config.ts adds: all three settings or none, and a public address to return to. */
export function ssoConfigProblem(config: SsoSettings): { message: string; path: string } | null {
  const set = [config.OIDC_ISSUER, config.OIDC_CLIENT_ID, config.OIDC_CLIENT_SECRET].filter(
    (value) => value !== undefined,
  ).length;
  if (set !== 0 && set !== 3) {
    return {
      message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three',
      path: 'OIDC_ISSUER',
    };
  }
  if (set === 3 && !config.PUBLIC_URL) {
    return {
      message:
        'PUBLIC_URL is required with OIDC_ISSUER: the provider sends people back to {PUBLIC_URL}/api/auth/sso/callback',
      path: 'PUBLIC_URL',
    };
  }
  return null;
}
