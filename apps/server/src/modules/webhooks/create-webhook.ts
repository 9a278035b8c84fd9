import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  webhookInputSchema,
  type WebhookInput,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { presentWebhook } from './present-webhook';
import { insertEndpoint } from './repo';

/**
 * Adds an endpoint with a new signing secret, answered this once in full (the list shows its
 * last four characters). A team has at most WEBHOOK_LIMITS.perTeam.
 */
export async function createWebhook(
  { db }: { db: Db },
  { teamId, input }: { teamId: number; input: WebhookInput },
) {
  const { url, format, events, minVisitors } = webhookInputSchema.parse(input);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const row = await insertEndpoint(
    db,
    { teamId, url, format, events, minVisitors, secret },
    WEBHOOK_LIMITS.perTeam,
  );
  if (!row) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
  return { webhook: presentWebhook(row), secret };
}
