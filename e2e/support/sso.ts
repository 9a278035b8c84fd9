import type { TestAccount } from '../../apps/server/test/oidc-provider';

/** The e2e server's single sign-on (global-setup.ts starts the provider with these). */
export const E2E_SSO = {
  name: 'Acme ID',
  clientId: 'kindling-e2e',
  clientSecret: 'kindling-e2e-secret',
  domain: 'sso.example',
  /** The team people of `domain` join at their first sign-on (sso.test.ts creates it). */
  team: 'sso-lamps',
  accounts: [
    { email: 'grace@sso.example', emailVerified: true, name: 'Grace Hopper' },
    { email: 'mallory@sso.example', emailVerified: false, name: 'Mallory Unverified' },
  ] satisfies TestAccount[],
};
