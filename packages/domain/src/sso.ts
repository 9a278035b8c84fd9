// Single sign-on with OpenID Connect (issue 33): what people are told when a sign-on is refused.
// The server sends them back to the sign-in screen with one of these, which it shows as is.

export const SSO_MESSAGES = {
  unavailable: 'Single sign-on is not set up on this server.',
  badState:
    'This sign-in did not start in this browser, or took too long. Start again from the sign-in page.',
  refused:
    'Your identity provider did not confirm this sign-in. Start again from the sign-in page.',
  noEmail: 'Your identity provider did not share your e-mail address, so no account can be found.',
  unverifiedEmail:
    'Your identity provider has not verified your e-mail address, so it cannot be linked to an account here. Verify it there, then start again.',
  reservedEmail: 'This e-mail address cannot sign in here.',
  unprovenAccount:
    'An account with this e-mail address already exists here, but its address was never verified. Sign in with its password and verify the address (or reset the password), then use single sign-on.',
  badHandoff: 'This sign-in link is not valid or has expired. Start again from the sign-in page.',
  ssoOnly: (name: string) => `This server signs in with ${name} only: use the button below.`,
} as const;

/** A sign-on must come back from the provider within this long of its start. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;
/** The one-time code the app exchanges for its session is good this long, once. */
export const SSO_HANDOFF_TTL_MS = 60_000;

/** What the sign-in screen needs: whether to offer the button, its words, and if it is the only way. */
export interface SsoOffer {
  name: string;
  only: boolean;
}

/** The refusals the callback sends back to the sign-in screen, by key (`?sso_error=badState`). */
export type SsoRefusalKey = Exclude<keyof typeof SSO_MESSAGES, 'ssoOnly' | 'unavailable'>;

/**
 * The words for `?sso_error=`: only the keys above, so a link cannot make the sign-in screen
 * say something of its own choosing; anything else reads as a refusal.
 */
export const ssoRefusalMessage = (key: string | null): string | null => {
  if (key === null) return null;
  const known = Object.keys(SSO_MESSAGES).filter(
    (name) => name !== 'ssoOnly' && name !== 'unavailable',
  );
  return known.includes(key) ? SSO_MESSAGES[key as SsoRefusalKey] : SSO_MESSAGES.refused;
};
