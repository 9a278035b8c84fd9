import type { AppServices } from '../../http/types';
import { findLiveSessionByRefreshHash, rotateRefreshHash } from './repo';
import { hashRefreshToken, newRefreshToken, type IssuedTokens } from './tokens';
import { unauthenticated } from '../../errors';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Issues fresh tokens; the session keeps its original end (session length 86400 s). */
export async function refreshSession(
  { db, tokens }: Pick<AppServices, 'db' | 'tokens'>,
  input: { refreshToken: string },
): Promise<IssuedTokens> {
  const oldHash = hashRefreshToken(input.refreshToken);
  const session = await findLiveSessionByRefreshHash(db, oldHash);
  if (!session) throw unauthenticated(SESSION_EXPIRED);

  const refreshToken = newRefreshToken();
  const rotated = await rotateRefreshHash(db, oldHash, hashRefreshToken(refreshToken));
  if (!rotated) throw unauthenticated(SESSION_EXPIRED);
  return tokens.issue(
    {
      userId: session.userId,
      email: session.email,
      realName: session.realName,
      sessionId: session.id,
    },
    refreshToken,
  );
}
