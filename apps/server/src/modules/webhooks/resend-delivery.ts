import { WEBHOOK_MESSAGES } from '@kindling/domain';
import { AppError, notFound } from '../../errors';
import { queueAttempts, type WebhookDeps } from './emit-webhook-event';
import { presentDelivery } from './present-webhook';
import { findDelivery, findEndpoint, resetDelivery } from './repo';

/** Sends a delivery again, the same event with its id, as a new run of attempts. */
export async function resendDelivery(
  deps: WebhookDeps,
  { teamId, deliveryId }: { teamId: number; deliveryId: string },
) {
  const delivery = await findDelivery(deps.db, deliveryId, teamId);
  if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  const endpoint = await findEndpoint(deps.db, teamId, delivery.endpointId);
  if (!endpoint?.enabled) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.resendOff);
  if (delivery.status === 'pending') {
    throw new AppError('CONFLICT', WEBHOOK_MESSAGES.resendPending);
  }
  await deps.db.transaction().execute(async (tx) => {
    await resetDelivery(tx, delivery.id);
    await queueAttempts(tx, delivery);
  });
  return { delivery: presentDelivery((await findDelivery(deps.db, delivery.id))!) };
}
