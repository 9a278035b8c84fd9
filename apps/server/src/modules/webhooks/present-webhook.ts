import type { DeliveryRow, EndpointRow } from './repo';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** An endpoint as the API answers it: its secret never, but its last four characters. */
export const presentWebhook = (row: EndpointRow) => ({
  id: row.id,
  url: row.url,
  format: row.format,
  events: row.events,
  minVisitors: row.minVisitors,
  enabled: row.enabled,
  failedDeliveries: row.failedDeliveries,
  disabledAt: iso(row.disabledAt),
  createdAt: iso(row.createdAt)!,
  secretHint: `…${row.secret.slice(-4)}`,
});

export const presentDelivery = (row: DeliveryRow) => ({
  id: row.id,
  webhookId: row.endpointId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.responseCode,
  error: row.error,
  createdAt: iso(row.createdAt)!,
  attemptedAt: iso(row.attemptedAt),
  event: row.event,
});
