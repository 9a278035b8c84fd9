import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { revokeApiKeyRow } from './repo';

export const API_KEY_NOT_FOUND = 'API key not found';

export async function revokeApiKey(
  { db }: { db: Db },
  { team, id }: { team: TeamAccess; id: number },
): Promise<void> {
  if (team.role !== 'owner') throw forbidden('Only a team owner can do this.');
  if (!(await revokeApiKeyRow(db, team.id, id))) throw notFound(API_KEY_NOT_FOUND);
}
