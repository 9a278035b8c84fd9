import { webhookInputSchema, WEBHOOK_MESSAGES, type WebhookInput } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { presentWebhook } from './present-webhook';
import { updateEndpoint } from './repo';

/** Changes an endpoint; switching it on again clears the failures that switched it off. */
export async function updateWebhook(
  { db }: { db: Db },
  input: { teamId: number; id: number; webhook: WebhookInput; enabled: boolean },
) {
  const { url, format, events, minVisitors } = webhookInputSchema.parse(input.webhook);
  const row = await updateEndpoint(db, input.teamId, input.id, {
    url,
    format,
    events,
    minVisitors,
    enabled: input.enabled,
  });
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return { webhook: presentWebhook(row) };
}
