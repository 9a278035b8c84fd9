import { WEBHOOK_MESSAGES } from '@kindling/domain';
import { notFound } from '../../errors';
import { buildEnvelope, deliver, type WebhookDeps } from './emit-webhook-event';
import { presentDelivery } from './present-webhook';
import { findDelivery, findEndpoint } from './repo';

/** Queues a `webhook.test` event to this endpoint alone, on or off, to check the receiver. */
export async function sendTestEvent(
  deps: WebhookDeps,
  { teamId, id }: { teamId: number; id: number },
) {
  const endpoint = await findEndpoint(deps.db, teamId, id);
  if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
  const event = await buildEnvelope(deps, {
    teamId,
    type: 'webhook.test',
    summary: 'A test event from Kindling: this webhook works.',
    teamPath: '/settings/team#webhooks',
  });
  // Queued whether the endpoint is on or off: the delivery job sends tests to both.
  const [deliveryId] = await deliver(deps, [endpoint], event);
  return { delivery: presentDelivery((await findDelivery(deps.db, deliveryId!))!) };
}
