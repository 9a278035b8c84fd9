import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getCampaignStats, type GetCampaigns } from './get-campaign-stats';
import { statsQuerySchema } from './stats-query';

export function statsRoutes(
  scope: AppInstance,
  services: AppServices,
  { getCampaigns }: { getCampaigns: GetCampaigns },
): void {
  scope.post(
    '/campaign/stats',
    {
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        summary: 'Campaign statistics per calendar interval of a time zone, from the rollups',
        params: teamParams,
        body: statsQuerySchema,
      },
    },
    (request) =>
      getCampaignStats(
        { db: services.db, getCampaigns },
        { team: requireTeam(request), query: request.body },
      ),
  );
}
