import type { FastifyBaseLogger } from 'fastify';
import { unauthenticated } from '../../errors';
import type { AppServices } from '../../http/types';
import { retireRefreshHash, revokeSessionByRetiredHash, rotateRefreshHash } from './repo';
import { hashRefreshToken, newRefreshToken, type IssuedTokens } from './tokens';

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * Retired refresh tokens remembered per session. The web app refreshes about once an hour and a
 * session lasts a day, so this covers a whole session in practice while bounding the table.
 */
export const RETIRED_REFRESH_TOKENS_KEPT = 32;

/**
 * Issues fresh tokens; the session keeps its original end (session length 86400 s).
 * A refresh token that was already exchanged means two parties hold the session's tokens (OAuth
 * 2.0 Security BCP, "refresh token rotation"): we cannot tell which one is the thief, so the
 * whole session ends, its newest refresh token and its access tokens included.
 */
export async function refreshSession(
  {
    db,
    tokens,
    config,
    log,
  }: Pick<AppServices, 'db' | 'tokens' | 'config'> & { log: Pick<FastifyBaseLogger, 'warn'> },
  input: { refreshToken: string },
): Promise<IssuedTokens> {
  const oldHash = hashRefreshToken(input.refreshToken);
  const refreshToken = newRefreshToken();
  // One transaction: a rotation is never visible without its retired hash, so a concurrent
  // caller that loses the compare-and-swap always finds the token retired.
  const session = await db.transaction().execute(async (tx) => {
    const rotated = await rotateRefreshHash(tx, {
      oldHash,
      newHash: hashRefreshToken(refreshToken),
    });
    if (rotated) {
      await retireRefreshHash(tx, {
        sessionId: rotated.id,
        tokenHash: oldHash,
        keep: RETIRED_REFRESH_TOKENS_KEPT,
      });
    }
    return rotated;
  });

  if (!session) {
    const revoked = await revokeSessionByRetiredHash(db, oldHash);
    if (revoked) {
      log.warn(
        { sessionId: revoked.id, userId: revoked.userId },
        'refresh token reused: session revoked',
      );
    }
    throw unauthenticated(SESSION_EXPIRED);
  }
  // Rotated already, so the guest's old refresh token is spent and the new one never leaves.
  if (session.isGuest && !config.GUEST_ACCESS) throw unauthenticated(SESSION_EXPIRED);
  return tokens.issue(
    {
      userId: session.userId,
      email: session.email,
      realName: session.realName,
      sessionId: session.id,
      guest: session.isGuest,
    },
    refreshToken,
  );
}
