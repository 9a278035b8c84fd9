import type { AuthenticatedUser } from '../http/types';

/** Who holds a real-time connection: a signed-in user, or a team through one of its API keys. */
export type ConnectionIdentity =
  ({ kind: 'user' } & AuthenticatedUser) | { kind: 'team'; teamId: number; apiKeyId: number };

/** The modules that know users and API keys answer these; the realtime layer knows neither. */
export interface ConnectionAuthenticators {
  /** A user's access token with a live session, or null. */
  user(accessToken: string): Promise<AuthenticatedUser | null>;
  /** A team API key that is not revoked, or null. */
  apiKey(secret: string): Promise<{ teamId: number; apiKeyId: number } | null>;
}
