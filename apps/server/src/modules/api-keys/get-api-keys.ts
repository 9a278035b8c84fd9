import type { Db } from '../../db/database';
import type { TeamAccess } from '../../http/types';
import { presentApiKey } from './present-api-key';
import { listActiveApiKeys } from './repo';

export async function getApiKeys({ db }: { db: Db }, { team }: { team: TeamAccess }) {
  return { apiKeys: (await listActiveApiKeys(db, team.id)).map(presentApiKey) };
}
