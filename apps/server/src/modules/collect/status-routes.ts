import { rowIdParam } from '@kindling/domain';
import { z } from 'zod';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { automatedVisitsOf } from './automated-visits';
import { getCampaignCounts } from './get-campaign-counts';
import { getInstallationStatus, type ListCampaignIds } from './installation-status';

export function trackerStatusRoutes(
  scope: AppInstance,
  services: AppServices,
  { listCampaignIds }: { listCampaignIds: ListCampaignIds },
): void {
  scope.get(
    '/tracker/status',
    {
      schema: {
        tags: ['collect'],
        security: [{ bearer: [] }],
        summary: 'Whether the tracker tag has reported an exposure, when last and from where',
        params: teamParams,
        querystring: z.object({
          campaignId: rowIdParam.optional(),
        }),
      },
    },
    (request) =>
      getInstallationStatus(
        { db: services.db, listCampaignIds, automatedVisits: automatedVisitsOf(services) },
        { team: requireTeam(request), ...request.query },
      ),
  );

  scope.get(
    '/tracker/counts',
    {
      schema: {
        tags: ['collect'],
        security: [{ bearer: [] }],
        summary:
          "A campaign's counts per element and arm (control or variant), from the rollups, and `notOnPage`: page views where it runs that had none of its elements",
        params: teamParams,
        querystring: z.object({ campaignId: rowIdParam }),
      },
    },
    (request) =>
      getCampaignCounts(
        { db: services.db, listCampaignIds },
        { team: requireTeam(request), campaignId: request.query.campaignId },
      ),
  );
}
