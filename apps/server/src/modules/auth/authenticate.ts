import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../errors';
import type { AppServices, AuthenticatedUser } from '../../http/types';
import { verifyAccessToken } from './verify-session';

/** Resolves the bearer token to a live session; anything else is 401. */
export async function authenticate(
  services: Pick<AppServices, 'db' | 'tokens' | 'config'>,
  request: FastifyRequest,
): Promise<AuthenticatedUser> {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthenticated();
  const user = await verifyAccessToken(services, { accessToken: match[1] });
  if (!user) throw unauthenticated();
  request.user = user;
  return user;
}
