import type { SsoOffer } from '@kindling/domain';
import { api, apiPath, isApiError } from '../../../lib/api-client';
import type { SessionTokens } from '../../../lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

export interface RegisterInput extends SignInInput {
  realName: string;
}

export function signIn(input: SignInInput): Promise<SessionTokens> {
  return api.post<SessionTokens>(apiPath('/auth/sign-in'), input, { auth: false });
}

export function register(input: RegisterInput): Promise<{ user: { id: number } }> {
  return api.post<{ user: { id: number } }>(apiPath('/user/register'), input, { auth: false });
}

export function createTeam(name: string): Promise<{ slug: string }> {
  return api.post<{ slug: string }>(apiPath('/teams'), { name });
}

export interface InviteLinkView {
  team: { name: string };
  invitedBy: string;
  role: 'owner' | 'member' | 'viewer';
  email: string;
}

export const inviteLinkKey = (token: string) => ['invite-link', token] as const;

export function viewInviteLink(token: string): Promise<InviteLinkView> {
  return api.get<InviteLinkView>(apiPath('/invites/link', { token }), { auth: false });
}

export function acceptInviteLink(token: string): Promise<{ slug: string }> {
  return api.post<{ slug: string }>(apiPath('/invites/link/accept'), { token });
}

export const guestAccessKey = ['guest-access'] as const;

/** Whether this server lets visitors try a read-only demo (GUEST_ACCESS); 404 means no. */
export async function fetchGuestAccess(): Promise<boolean> {
  try {
    await api.get<{ enabled: true }>(apiPath('/auth/guest'), { auth: false });
    return true;
  } catch (error) {
    if (isApiError(error, 404)) return false;
    throw error;
  }
}

/** A short, read-only guest session in the demo team. */
export function startGuestSession(): Promise<SessionTokens> {
  return api.post<SessionTokens>(apiPath('/auth/guest'), {}, { auth: false });
}

export const ssoOfferKey = ['sso-offer'] as const;

/** Single sign-on as this server offers it (OIDC_ISSUER), or null when it has none (404). */
export async function fetchSsoOffer(): Promise<SsoOffer | null> {
  try {
    return await api.get<SsoOffer>(apiPath('/auth/sso'), { auth: false });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** Where the browser goes to sign on; the server sends it on to the provider. */
export const ssoStartUrl = (next: string) => apiPath('/auth/sso/start', { next });

/** The session for the one-time code the callback handed over. */
export function exchangeSsoCode(code: string): Promise<SessionTokens> {
  return api.post<SessionTokens>(apiPath('/auth/sso/exchange'), { code }, { auth: false });
}
