import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_VERSION,
  type WebhookEnvelope,
  type WebhookEventType,
} from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { enqueueJob } from '../jobs/enqueue-job';
import {
  campaignVisitors,
  findCampaignFacts,
  findTeamSlug,
  insertDeliveries,
  listEndpoints,
  type EndpointRow,
} from './repo';

export const WEBHOOK_JOB = 'webhook';

export interface WebhookDeps {
  db: Db;
  config: Pick<Config, 'ADMIN_URL' | 'PUBLIC_URL'>;
}

export interface WebhookEventInput {
  teamId: number;
  type: WebhookEventType;
  /** One line; given the campaign's name when the event is about a campaign. */
  summary: string | ((campaignName: string) => string);
  /** The campaign it is about: its id and name go in `data.campaign`. */
  campaignId?: number;
  /** A path inside the team's screens (/campaign/12); made absolute when the app's URL is set. */
  teamPath?: string;
  /** The event's own facts; `visitors` also decides whether a verdict is announced. */
  facts?: Record<string, unknown>;
}

/** The event as every endpoint of the team gets it, and which endpoints want it. */
export async function buildEnvelope(
  deps: WebhookDeps,
  input: WebhookEventInput,
): Promise<WebhookEnvelope> {
  const slug = await findTeamSlug(deps.db, input.teamId);
  const campaign =
    input.campaignId === undefined
      ? undefined
      : await findCampaignFacts(deps.db, input.teamId, input.campaignId);
  const summary =
    typeof input.summary === 'string' ? input.summary : input.summary(campaign?.name ?? '');
  const adminUrl = deps.config.ADMIN_URL ?? deps.config.PUBLIC_URL;
  const link =
    input.teamPath && adminUrl
      ? `${adminUrl.replace(/\/$/, '')}/admin/${encodeURIComponent(slug)}${input.teamPath}`
      : null;
  return {
    id: randomUUID(),
    type: input.type,
    version: WEBHOOK_VERSION,
    createdAt: new Date().toISOString(),
    team: slug,
    data: { summary, link, ...(campaign ? { campaign } : {}), ...input.facts },
  };
}

/** The job that makes a delivery's run of attempts (first send, or a resend). */
export const queueAttempts = (db: Db, delivery: { id: string; teamId: number }) =>
  enqueueJob(
    { db },
    {
      teamId: delivery.teamId,
      type: WEBHOOK_JOB,
      payload: { deliveryId: delivery.id },
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    },
  );

/**
 * Opens one delivery of `event` per endpoint, each with the job that attempts it, in one
 * transaction: no delivery waits in the log without a job to send it.
 */
export async function deliver(
  deps: WebhookDeps,
  endpoints: readonly Pick<EndpointRow, 'id' | 'teamId'>[],
  event: WebhookEnvelope,
): Promise<string[]> {
  const deliveries = endpoints.map((endpoint) => ({
    id: randomUUID(),
    endpointId: endpoint.id,
    teamId: endpoint.teamId,
    eventType: event.type,
    event,
  }));
  await deps.db.transaction().execute(async (tx) => {
    await insertDeliveries(tx, deliveries);
    for (const delivery of deliveries) await queueAttempts(tx, delivery);
  });
  return deliveries.map((delivery) => delivery.id);
}

/**
 * Tells the team's endpoints that want it: one delivery per enabled endpoint subscribed to the
 * event (a verdict only past the endpoint's minimum of visitors). Never throws: a webhook that
 * cannot be queued must not undo what happened; it is logged.
 */
export async function emitWebhookEvent(
  deps: WebhookDeps & { log?: { error(object: object, message: string): void } },
  input: WebhookEventInput & { type: Exclude<WebhookEventType, 'webhook.test'> },
): Promise<void> {
  try {
    const all = await listEndpoints(deps.db, input.teamId);
    const verdict = input.type === 'verdict.reached' && input.campaignId !== undefined;
    const visitors = verdict ? await campaignVisitors(deps.db, input.campaignId!) : 0;
    const endpoints = all.filter(
      (endpoint) =>
        endpoint.enabled &&
        endpoint.events.includes(input.type) &&
        (input.type !== 'verdict.reached' || visitors >= endpoint.minVisitors),
    );
    if (endpoints.length === 0) return;
    const facts = verdict ? { ...input.facts, visitors } : input.facts;
    await deliver(deps, endpoints, await buildEnvelope(deps, { ...input, facts }));
  } catch (error) {
    deps.log?.error({ err: error, teamId: input.teamId, type: input.type }, 'webhook not queued');
  }
}
