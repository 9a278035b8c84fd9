import { randomUUID } from 'node:crypto';
import type { AppServices } from '../../http/types';
import { insertSession } from './repo';
import { hashRefreshToken, newRefreshToken, type IssuedTokens } from './tokens';

/** Opens a session of `seconds` for a user whose identity is settled, and issues its tokens. */
export async function startSession(
  { db, tokens }: Pick<AppServices, 'db' | 'tokens'>,
  input: {
    user: { id: number; email: string; realName: string };
    seconds: number;
    /** A guest session: its access tokens carry the guest role (read-only). */
    guest?: boolean;
  },
): Promise<IssuedTokens> {
  const { user } = input;
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await insertSession(db, {
    id: sessionId,
    userId: user.id,
    refreshTokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + input.seconds * 1000),
  });
  return tokens.issue(
    {
      userId: user.id,
      email: user.email,
      realName: user.realName,
      sessionId,
      guest: input.guest ?? false,
    },
    refreshToken,
  );
}
