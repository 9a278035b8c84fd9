import type { ForwardingLabels } from '@kindling/domain';
import { api, request, teamApiPath } from '../../../lib/api-client';

/** GET /api/team/{team}/analytics-forwarding: null when off. */
export interface ForwardingSetting {
  labels: ForwardingLabels | null;
}

export const forwardingKey = (team: string) => ['analytics-forwarding', team] as const;

export const fetchForwarding = (team: string) =>
  api.get<ForwardingSetting>(teamApiPath(team, '/analytics-forwarding'));

export const saveForwarding = (team: string, labels: ForwardingLabels | null) =>
  request<ForwardingSetting>('PUT', teamApiPath(team, '/analytics-forwarding'), {
    body: { labels },
  });
