import { z } from 'zod';
import type { ConnectionAuthenticators, ConnectionIdentity } from './identity';

/** graphql-ws `connectionParams`: the bearer header the HTTP API takes, or `ApiKey <secret>`. */
const connectionParamsSchema = z.object({
  authorization: z.string().regex(/^(Bearer|ApiKey)\s+\S+$/i),
});

/** The identity behind a connection, or null when its token, session or key is not good. */
export async function authenticateConnection(
  authenticators: ConnectionAuthenticators,
  connectionParams: unknown,
): Promise<ConnectionIdentity | null> {
  const params = connectionParamsSchema.safeParse(connectionParams);
  if (!params.success) return null;
  const [scheme = '', credential = ''] = params.data.authorization.split(/\s+/);
  if (scheme.toLowerCase() === 'apikey') {
    const key = await authenticators.apiKey(credential);
    return key ? { kind: 'team', ...key } : null;
  }
  const user = await authenticators.user(credential);
  return user ? { kind: 'user', ...user } : null;
}
