import type { FastifyRequest } from 'fastify';
import type { AppServices, AuthenticatedUser } from '../../http/types';
import { isSessionLive } from './repo';
import { unauthenticated } from './tokens';

/** Resolves the bearer token to a live session; anything else is 401. */
export async function authenticate(
  { db, tokens }: Pick<AppServices, 'db' | 'tokens'>,
  request: FastifyRequest,
): Promise<AuthenticatedUser> {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthenticated();
  const { userId, sessionId } = await tokens.verifyAccessToken(match[1]);
  if (!(await isSessionLive(db, sessionId, userId))) throw unauthenticated();
  const user = { id: userId, sessionId };
  request.user = user;
  return user;
}
