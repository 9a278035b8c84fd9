import { createHmac } from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  webhookBody,
} from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { EgressSeams } from '../../egress/safe-fetch';
import { safePost } from '../../egress/safe-post';
import { AppError } from '../../errors';
import { PermanentJobError, type JobHandler } from '../jobs/job-types';
import type { NotifyTeamInput } from '../notifications/notify-team';
import {
  clearFailures,
  countFailedDelivery,
  findDelivery,
  findEndpoint,
  recordAttempt,
  type DeliveryRow,
} from './repo';

/** The signature a receiver recomputes: hex HMAC-SHA256 of `{timestamp}.{body}` (README). */
export const webhookSignature = (secret: string, timestamp: number, body: string) =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export interface DeliverDeps {
  db: Db;
  config: Pick<Config, 'PREVIEW_ALLOW_HOSTS'>;
  notify: (notice: NotifyTeamInput) => Promise<unknown>;
  seams?: EgressSeams;
}

const SWITCHED_OFF = 'The webhook is switched off';

/**
 * The job that posts one delivery: signed (`Kindling-Timestamp`, `Kindling-Signature`), through
 * the outbound guard, 10 s at most. A 2xx ends it; anything else is retried on the job queue's
 * schedule for webhooks (WEBHOOK_RETRY_DELAYS_MS) until the last attempt, when the delivery
 * fails and counts toward switching the endpoint off (the team is told). A refused address is
 * not retried.
 */
export function deliverWebhookJob(deps: DeliverDeps): JobHandler {
  return async (job) => {
    const delivery = await findDelivery(deps.db, String(job.payload.deliveryId));
    if (!delivery) throw new PermanentJobError('The delivery is gone');
    const endpoint = await findEndpoint(deps.db, delivery.teamId, delivery.endpointId);
    // A test event checks a switched-off receiver too ("Send a test event").
    if (!endpoint || (!endpoint.enabled && delivery.eventType !== 'webhook.test')) {
      await finish(delivery, job.attempt, { responseCode: null, error: SWITCHED_OFF }, false);
      throw new PermanentJobError(SWITCHED_OFF);
    }
    const body = JSON.stringify(webhookBody(endpoint.format, delivery.event));
    const timestamp = Math.floor(Date.now() / 1000);
    let answer: { responseCode: number | null; error: string | null };
    try {
      const { status } = await safePost(new URL(endpoint.url), {
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Kindling-Webhooks/1',
          'kindling-event': delivery.eventType,
          'kindling-delivery': delivery.id,
          'kindling-timestamp': String(timestamp),
          'kindling-signature': webhookSignature(endpoint.secret, timestamp, body),
        },
        allowHosts: deps.config.PREVIEW_ALLOW_HOSTS,
        ...deps.seams,
      });
      answer = { responseCode: status, error: status < 300 ? null : `HTTP ${status}` };
    } catch (error) {
      if (error instanceof AppError && error.code === 'FORBIDDEN') {
        await finish(delivery, job.attempt, {
          responseCode: null,
          error: WEBHOOK_MESSAGES.refused,
        });
        throw new PermanentJobError(WEBHOOK_MESSAGES.refused);
      }
      answer = { responseCode: null, error: error instanceof Error ? error.message : 'Failed' };
    }
    const { error } = answer;
    if (error === null) {
      await recordAttempt(deps.db, delivery.id, {
        attempts: job.attempt,
        status: 'succeeded',
        ...answer,
      });
      await clearFailures(deps.db, endpoint.id);
      return { status: answer.responseCode };
    }
    const last = job.attempt >= WEBHOOK_MAX_ATTEMPTS;
    if (last) await finish(delivery, job.attempt, { ...answer, error });
    else
      await recordAttempt(deps.db, delivery.id, {
        attempts: job.attempt,
        status: 'pending',
        ...answer,
      });
    throw new Error(error);
  };

  /** The delivery failed for good: counted against the endpoint, which may switch off. */
  async function finish(
    delivery: DeliveryRow,
    attempt: number,
    answer: { responseCode: number | null; error: string },
    counts = true,
  ) {
    await recordAttempt(deps.db, delivery.id, { attempts: attempt, status: 'failed', ...answer });
    if (!counts) return;
    const limit = WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES;
    if (await countFailedDelivery(deps.db, delivery.endpointId, limit)) {
      await deps.notify({
        teamId: delivery.teamId,
        title: 'A webhook was switched off',
        body: `${limit} deliveries in a row failed every attempt. Check the receiver, then switch the webhook on again in Settings.`,
        teamPath: '/settings/team#webhooks',
      });
    }
  }
}
