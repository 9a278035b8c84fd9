import type { ApiKeyScope } from '@kindling/domain';
import type { Db } from '../../db/database';
import { hashApiKey } from './key-secret';
import { dangerousFindLiveApiKeyByHash, touchApiKey } from './repo';

/** The team and scope behind a key that is not revoked (its use is recorded), or null. */
export async function authenticateApiKey(
  { db }: { db: Db },
  { secret }: { secret: string },
): Promise<{ teamId: number; apiKeyId: number; scope: ApiKeyScope } | null> {
  const key = await dangerousFindLiveApiKeyByHash(db, hashApiKey(secret));
  if (!key) return null;
  await touchApiKey(db, key.teamId, key.id);
  return { teamId: key.teamId, apiKeyId: key.id, scope: key.scope };
}
