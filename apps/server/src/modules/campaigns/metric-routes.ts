import { metricListInputSchema } from '@kindling/domain';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { setCampaignMetrics } from './set-campaign-metrics';

const tags = ['campaigns'];
const security = [{ bearer: [] }];

export function campaignMetricRoutes(scope: AppInstance, services: AppServices): void {
  scope.put(
    '/campaign/metrics',
    {
      config: { access: 'write' },
      schema: {
        tags,
        security,
        summary: "Replaces the campaign's revenue and per-session metrics (secondary or guardrail)",
        params: teamParams,
        body: metricListInputSchema,
      },
    },
    (request) =>
      setCampaignMetrics(services, { teamId: requireTeam(request).id, input: request.body }),
  );
}
