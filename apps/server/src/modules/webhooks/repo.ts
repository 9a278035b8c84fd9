import { sql } from 'kysely';
import type { WebhookEnvelope, WebhookEvent, WebhookFormat } from '@kindling/domain';
import type { Db } from '../../db/database';

// A team's webhook endpoints and their deliveries (migration 0038).

export interface EndpointRow {
  id: number;
  teamId: number;
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  minVisitors: number;
  secret: string;
  enabled: boolean;
  failedDeliveries: number;
  disabledAt: Date | string | null;
  createdAt: Date | string;
}

export interface DeliveryRow {
  id: string;
  endpointId: number;
  teamId: number;
  eventType: string;
  event: WebhookEnvelope;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  responseCode: number | null;
  error: string | null;
  createdAt: Date | string;
  attemptedAt: Date | string | null;
}

const ENDPOINT = sql`id, team_id as "teamId", url, format, events, min_visitors as "minVisitors",
  secret, enabled, failed_deliveries as "failedDeliveries", disabled_at as "disabledAt",
  created_at as "createdAt"`;
const DELIVERY = sql`id, endpoint_id as "endpointId", team_id as "teamId",
  event_type as "eventType", event, status, attempts, response_code as "responseCode", error,
  created_at as "createdAt", attempted_at as "attemptedAt"`;

export async function findTeamSlug(db: Db, teamId: number): Promise<string> {
  const { rows } = await sql<{ slug: string }>`select slug from teams where id = ${teamId}`.execute(
    db,
  );
  return rows[0]!.slug;
}

export async function findCampaignFacts(db: Db, teamId: number, id: number) {
  const { rows } = await sql<{ id: number; name: string }>`
    select id, name from campaigns where team_id = ${teamId} and id = ${id}
  `.execute(db);
  return rows[0];
}

/** Visitors the campaign has counted, all time: what a verdict's minimum is compared with. */
export async function campaignVisitors(db: Db, campaignId: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from campaign_visitors where campaign_id = ${campaignId}
  `.execute(db);
  return Number(rows[0]!.n);
}

export async function listEndpoints(db: Db, teamId: number): Promise<EndpointRow[]> {
  const { rows } = await sql<EndpointRow>`
    select ${ENDPOINT} from webhook_endpoints where team_id = ${teamId} order by id
  `.execute(db);
  return rows;
}

export async function findEndpoint(db: Db, teamId: number, id: number) {
  const { rows } = await sql<EndpointRow>`
    select ${ENDPOINT} from webhook_endpoints where team_id = ${teamId} and id = ${id}
  `.execute(db);
  return rows[0];
}

/** Inserts the endpoint unless the team has `limit` already (counted under a team lock). */
export async function insertEndpoint(
  db: Db,
  input: Pick<EndpointRow, 'teamId' | 'url' | 'format' | 'events' | 'minVisitors' | 'secret'>,
  limit: number,
): Promise<EndpointRow | undefined> {
  return db.transaction().execute(async (tx) => {
    await sql`select id from teams where id = ${input.teamId} for update`.execute(tx);
    const { rows: count } = await sql<{ n: string }>`
      select count(*) as n from webhook_endpoints where team_id = ${input.teamId}
    `.execute(tx);
    if (Number(count[0]!.n) >= limit) return undefined;
    const { rows } = await sql<EndpointRow>`
      insert into webhook_endpoints (team_id, url, format, events, min_visitors, secret)
      values (${input.teamId}, ${input.url}, ${input.format}, ${JSON.stringify(input.events)},
        ${input.minVisitors}, ${input.secret})
      returning ${ENDPOINT}
    `.execute(tx);
    return rows[0];
  });
}

export async function updateEndpoint(
  db: Db,
  teamId: number,
  id: number,
  input: Pick<EndpointRow, 'url' | 'format' | 'events' | 'minVisitors' | 'enabled'>,
) {
  const { rows } = await sql<EndpointRow>`
    update webhook_endpoints set url = ${input.url}, format = ${input.format},
      events = ${JSON.stringify(input.events)}, min_visitors = ${input.minVisitors},
      enabled = ${input.enabled},
      -- Switched on again: the failures that switched it off start over.
      failed_deliveries = case when ${input.enabled} and not enabled then 0 else failed_deliveries end,
      disabled_at = case when ${input.enabled} then null else disabled_at end
    where team_id = ${teamId} and id = ${id}
    returning ${ENDPOINT}
  `.execute(db);
  return rows[0];
}

export async function deleteEndpoint(db: Db, teamId: number, id: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    delete from webhook_endpoints where team_id = ${teamId} and id = ${id} returning id
  `.execute(db);
  return rows.length > 0;
}

export async function insertDeliveries(
  db: Db,
  deliveries: readonly Pick<DeliveryRow, 'id' | 'endpointId' | 'teamId' | 'eventType' | 'event'>[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await sql`
    insert into webhook_deliveries (id, endpoint_id, team_id, event_type, event, status)
    select id, "endpointId", "teamId", "eventType", event, 'pending'
    from jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb)
      as x(id uuid, "endpointId" integer, "teamId" integer, "eventType" text, event jsonb)
  `.execute(db);
}

export async function listDeliveries(db: Db, teamId: number, endpointId: number, limit: number) {
  const { rows } = await sql<DeliveryRow>`
    select ${DELIVERY} from webhook_deliveries
    where team_id = ${teamId} and endpoint_id = ${endpointId}
    order by created_at desc, id desc limit ${limit}
  `.execute(db);
  return rows;
}

export async function findDelivery(db: Db, id: string, teamId?: number) {
  const { rows } = await sql<DeliveryRow>`
    select ${DELIVERY} from webhook_deliveries
    where id = ${id} ${teamId === undefined ? sql`` : sql`and team_id = ${teamId}`}
  `.execute(db);
  return rows[0];
}

/** Records one attempt: its answer, and the delivery's state after it. */
export async function recordAttempt(
  db: Db,
  id: string,
  attempt: {
    attempts: number;
    status: DeliveryRow['status'];
    responseCode: number | null;
    error: string | null;
  },
): Promise<void> {
  await sql`
    update webhook_deliveries set attempts = ${attempt.attempts}, status = ${attempt.status},
      response_code = ${attempt.responseCode}, error = ${attempt.error}, attempted_at = now()
    where id = ${id}
  `.execute(db);
}

/** A delivery sent again: pending, its attempts counted afresh. */
export async function resetDelivery(db: Db, id: string): Promise<void> {
  await sql`update webhook_deliveries set status = 'pending', attempts = 0 where id = ${id}`.execute(
    db,
  );
}

/** A delivery that succeeded clears the endpoint's run of failures. */
export async function clearFailures(db: Db, endpointId: number): Promise<void> {
  await sql`update webhook_endpoints set failed_deliveries = 0 where id = ${endpointId}`.execute(
    db,
  );
}

/**
 * Counts a delivery that failed every attempt; at `limit` in a row the endpoint is switched
 * off. Answers true when this call switched it off.
 */
export async function countFailedDelivery(
  db: Db,
  endpointId: number,
  limit: number,
): Promise<boolean> {
  const { rows } = await sql<{ disabled: boolean }>`
    update webhook_endpoints set failed_deliveries = failed_deliveries + 1,
      enabled = enabled and failed_deliveries + 1 < ${limit},
      disabled_at = case when enabled and failed_deliveries + 1 >= ${limit} then now()
        else disabled_at end
    where id = ${endpointId}
    returning (enabled = false and failed_deliveries = ${limit}) as disabled
  `.execute(db);
  return rows[0]?.disabled ?? false;
}
