import { z } from 'zod';
import { AppError } from '../errors';
import type { AppServices, AuthenticatedUser } from '../http/types';
import { isSessionLive } from '../modules/auth/repo';

/** graphql-ws `connectionParams`: the same bearer header the HTTP API takes. */
const connectionParamsSchema = z.object({
  authorization: z.string().regex(/^Bearer\s+\S+$/i),
});

/** The user behind a connection's access token, or null when the token or its session is not good. */
export async function authenticateConnection(
  { db, tokens }: Pick<AppServices, 'db' | 'tokens'>,
  connectionParams: unknown,
): Promise<AuthenticatedUser | null> {
  const params = connectionParamsSchema.safeParse(connectionParams);
  if (!params.success) return null;
  const token = params.data.authorization.replace(/^Bearer\s+/i, '');
  try {
    const { userId, sessionId } = await tokens.verifyAccessToken(token);
    return (await isSessionLive(db, sessionId, userId)) ? { id: userId, sessionId } : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
