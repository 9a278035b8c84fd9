import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { SESSION_DURATION_SECONDS } from '@kindling/domain';
import type { AppServices } from '../../http/types';
import { findUserByEmail } from '../users/repo';
import { insertSession } from './repo';
import { hashRefreshToken, newRefreshToken, unauthenticated, type IssuedTokens } from './tokens';

export const BAD_CREDENTIALS = 'Incorrect e-mail or password.';

// Compared against when the e-mail is unknown, so both failures cost the same time.
const DUMMY_HASH = bcrypt.hashSync('kindling-timing-guard', 10);

export async function signIn(
  { db, tokens }: Pick<AppServices, 'db' | 'tokens'>,
  input: { email: string; password: string },
): Promise<IssuedTokens> {
  const user = await findUserByEmail(db, input.email);
  const matches = await bcrypt.compare(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !matches) throw unauthenticated(BAD_CREDENTIALS);

  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await insertSession(db, {
    id: sessionId,
    userId: user.id,
    refreshTokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + SESSION_DURATION_SECONDS * 1000),
  });
  return tokens.issue(
    { userId: user.id, email: user.email, realName: user.realName, sessionId },
    refreshToken,
  );
}
