import type { ApiKeyScope } from '@kindling/domain';
import type { Db } from '../../db/database';
import { forbidden } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { generateApiKey } from './key-secret';
import { presentApiKey } from './present-api-key';
import { insertApiKey } from './repo';

/** The only place the secret is ever returned; the database keeps its hash. */
export async function createApiKey(
  { db }: { db: Db },
  {
    team,
    userId,
    name,
    scope,
  }: { team: TeamAccess; userId: number; name: string; scope: ApiKeyScope },
) {
  if (team.role !== 'owner') throw forbidden('Only a team owner can do this.');
  const { secret, prefix, keyHash } = generateApiKey();
  const row = await insertApiKey(db, {
    teamId: team.id,
    name,
    prefix,
    keyHash,
    scope,
    createdBy: userId,
  });
  return { apiKey: presentApiKey(row), secret };
}
