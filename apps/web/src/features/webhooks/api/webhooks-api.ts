import type { WebhookEvent, WebhookFormat, WebhookInput } from '@kindling/domain';
import { api, request, teamApiPath } from '../../../lib/api-client';

export interface Webhook {
  id: number;
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  minVisitors: number;
  enabled: boolean;
  failedDeliveries: number;
  disabledAt: string | null;
  createdAt: string;
  secretHint: string;
}

export interface WebhookDelivery {
  id: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  responseCode: number | null;
  error: string | null;
  createdAt: string;
  attemptedAt: string | null;
}

export const webhooksKey = (team: string) => ['webhooks', team] as const;
export const deliveriesKey = (team: string, id: number) => ['webhooks', team, id] as const;

export const fetchWebhooks = (team: string) =>
  api.get<{ webhooks: Webhook[] }>(teamApiPath(team, '/webhooks'));

export const createWebhook = (team: string, input: WebhookInput) =>
  api.post<{ webhook: Webhook; secret: string }>(teamApiPath(team, '/webhooks'), input);

export const updateWebhook = (team: string, webhook: Webhook, enabled: boolean) =>
  request<{ webhook: Webhook }>('PUT', teamApiPath(team, `/webhooks/${webhook.id}`), {
    body: {
      url: webhook.url,
      format: webhook.format,
      events: webhook.events,
      minVisitors: webhook.minVisitors,
      enabled,
    },
  });

export const deleteWebhook = (team: string, id: number) =>
  api.delete(teamApiPath(team, `/webhooks/${id}`));

export const fetchDeliveries = (team: string, id: number) =>
  api.get<{ deliveries: WebhookDelivery[] }>(teamApiPath(team, `/webhooks/${id}/deliveries`));

export const sendTestEvent = (team: string, id: number) =>
  api.post<{ delivery: WebhookDelivery }>(teamApiPath(team, `/webhooks/${id}/test`));

export const resendDelivery = (team: string, deliveryId: string) =>
  api.post<{ delivery: WebhookDelivery }>(
    teamApiPath(team, `/webhooks/deliveries/${deliveryId}/resend`),
  );
