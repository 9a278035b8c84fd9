import type { Db } from '../../db/database';
import { presentWebhook } from './present-webhook';
import { listEndpoints } from './repo';

export async function listWebhooks({ db }: { db: Db }, { teamId }: { teamId: number }) {
  return { webhooks: (await listEndpoints(db, teamId)).map(presentWebhook) };
}
