import { z } from 'zod';
import { AppError } from '../errors';
import type { AppServices, AuthenticatedUser } from '../http/types';
import { isSessionLive } from '../modules/auth/repo';
import { hashApiKey } from '../modules/api-keys/key-secret';
import { dangerousFindLiveApiKeyByHash, touchApiKey } from '../modules/api-keys/repo';

/** Who holds a real-time connection: a signed-in user, or a team through one of its API keys. */
export type ConnectionIdentity =
  ({ kind: 'user' } & AuthenticatedUser) | { kind: 'team'; teamId: number; apiKeyId: number };

/** graphql-ws `connectionParams`: the bearer header the HTTP API takes, or `ApiKey <secret>`. */
const connectionParamsSchema = z.object({
  authorization: z.string().regex(/^(Bearer|ApiKey)\s+\S+$/i),
});

/** The identity behind a connection, or null when its token, session or key is not good. */
export async function authenticateConnection(
  { db, tokens }: Pick<AppServices, 'db' | 'tokens'>,
  connectionParams: unknown,
): Promise<ConnectionIdentity | null> {
  const params = connectionParamsSchema.safeParse(connectionParams);
  if (!params.success) return null;
  const [scheme = '', credential = ''] = params.data.authorization.split(/\s+/);
  if (scheme.toLowerCase() === 'apikey') {
    const key = await dangerousFindLiveApiKeyByHash(db, hashApiKey(credential));
    if (!key) return null;
    await touchApiKey(db, key.teamId, key.id);
    return { kind: 'team', teamId: key.teamId, apiKeyId: key.id };
  }
  try {
    const { userId, sessionId } = await tokens.verifyAccessToken(credential);
    const live = await isSessionLive(db, sessionId, userId);
    return live ? { kind: 'user', id: userId, sessionId } : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
