import { WEBHOOK_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { presentDelivery } from './present-webhook';
import { findEndpoint, listDeliveries } from './repo';

/** The endpoint's delivery log: its last 50 deliveries, newest first. */
export const DELIVERY_LOG_SIZE = 50;

export async function listWebhookDeliveries(
  { db }: { db: Db },
  { teamId, id }: { teamId: number; id: number },
) {
  if (!(await findEndpoint(db, teamId, id))) throw notFound(WEBHOOK_MESSAGES.notFound);
  const rows = await listDeliveries(db, teamId, id, DELIVERY_LOG_SIZE);
  return { deliveries: rows.map(presentDelivery) };
}
