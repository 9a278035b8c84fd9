import { WEBHOOK_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { deleteEndpoint } from './repo';

/** Removes an endpoint and its delivery log; deliveries still queued find it gone and stop. */
export async function deleteWebhook({ db }: { db: Db }, input: { teamId: number; id: number }) {
  if (!(await deleteEndpoint(db, input.teamId, input.id))) {
    throw notFound(WEBHOOK_MESSAGES.notFound);
  }
}
