import type { AppServices, AuthenticatedUser } from '../../http/types';
import { AppError } from '../../errors';
import { isSessionLive } from './repo';

/**
 * The user behind an access token whose session is still live, or null. A guest's token stops
 * working as soon as the server runs without GUEST_ACCESS.
 */
export async function verifyAccessToken(
  { db, tokens, config }: Pick<AppServices, 'db' | 'tokens' | 'config'>,
  { accessToken }: { accessToken: string },
): Promise<AuthenticatedUser | null> {
  try {
    const { userId, sessionId, guest } = await tokens.verifyAccessToken(accessToken);
    if (guest && !config.GUEST_ACCESS) return null;
    return (await isSessionLive(db, sessionId, userId)) ? { id: userId, sessionId, guest } : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** Whether the session is neither signed out, revoked nor expired. */
export function checkSession(
  { db }: Pick<AppServices, 'db'>,
  { userId, sessionId }: { userId: number; sessionId: string },
): Promise<boolean> {
  return isSessionLive(db, sessionId, userId);
}
