import { USAGE_DEFAULT_MONTHS, USAGE_MAX_MONTHS } from '@kindling/domain';
import { z } from 'zod';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import type { FinalIntervalCache } from './final-interval-cache';
import { getCampaignStats, type GetCampaigns } from './get-campaign-stats';
import { getTeamUsage } from './get-team-usage';
import { statsQuerySchema } from './stats-query';

export const USAGE_MONTHS_MESSAGE = `months must be a whole number from 1 to ${USAGE_MAX_MONTHS}`;

export function statsRoutes(
  scope: AppInstance,
  services: AppServices,
  deps: { getCampaigns: GetCampaigns; finalIntervals: FinalIntervalCache },
): void {
  scope.post(
    '/campaign/stats',
    {
      // A POST for its body only: it reads.
      config: { access: 'read' },
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
        { db: services.db, ...deps },
        { team: requireTeam(request), query: request.body },
      ),
  );

  scope.get(
    '/usage',
    {
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        summary: "The team's exposures per UTC calendar month, the current month last",
        params: teamParams,
        querystring: z.object({
          months: z.coerce
            .number(USAGE_MONTHS_MESSAGE)
            .int(USAGE_MONTHS_MESSAGE)
            .min(1, USAGE_MONTHS_MESSAGE)
            .max(USAGE_MAX_MONTHS, USAGE_MONTHS_MESSAGE)
            .default(USAGE_DEFAULT_MONTHS),
        }),
      },
    },
    (request) =>
      getTeamUsage(
        { db: services.db, nowMs: Date.now() },
        { team: requireTeam(request), months: request.query.months },
      ),
  );
}
