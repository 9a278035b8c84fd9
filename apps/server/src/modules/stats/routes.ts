import {
  campaignPerformanceSchema,
  campaignStatsSchema,
  combinationsAnswerSchema,
  endChoicesSchema,
  segmentValuesAnswerSchema,
  USAGE_DEFAULT_MONTHS,
  USAGE_MAX_MONTHS,
  type Correction,
} from '@kindling/domain';
import { z } from 'zod';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import type { FinalIntervalCache } from './final-interval-cache';
import type { PerformanceCache } from './performance-cache';
import { getCampaignPerformance, type ListTeamCampaigns } from './get-campaign-performance';
import { getCampaignStats, type GetCampaigns } from './get-campaign-stats';
import { getCombinations } from './get-combinations';
import { getEndChoices } from './get-end-choices';
import { getSegmentValues } from './get-segment-values';
import { getTeamUsage } from './get-team-usage';
import { idQuery } from '../../http/row-id';
import { STATS_MESSAGES, statsQuerySchema } from './stats-query';
import { isTimeZone } from './zoned-time';

export const USAGE_MONTHS_MESSAGE = `months must be a whole number from 1 to ${USAGE_MAX_MONTHS}`;

export function statsRoutes(
  scope: AppInstance,
  services: AppServices,
  deps: {
    getCampaigns: GetCampaigns;
    getStatsCorrection: (teamId: number) => Promise<Correction>;
    listCampaigns: ListTeamCampaigns;
    finalIntervals: FinalIntervalCache;
    performance: PerformanceCache;
  },
): void {
  const { listCampaigns, performance, ...statsDeps } = deps;
  scope.post(
    '/campaign/stats',
    {
      // A POST for its body only: it reads.
      config: { access: 'read' },
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        summary:
          'Campaign statistics per calendar interval of a time zone, from the rollups, with each element’s verdict (docs/statistics.md)',
        params: teamParams,
        body: statsQuerySchema,
        response: { 200: campaignStatsSchema },
      },
      // The schema documents the answer (OpenAPI); the answer is built typed from it, so it is
      // sent as it is instead of being parsed again (large time series).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    (request) =>
      getCampaignStats(
        { db: services.db, ...statsDeps },
        { team: requireTeam(request), query: request.body },
      ),
  );

  scope.get(
    '/campaign/performance/campaigns',
    {
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        summary:
          "Every campaign's headline figures, all time and by day over the last 30 days, for the campaign list",
        params: teamParams,
        querystring: z.object({
          timezone: z
            .string()
            .refine(isTimeZone, STATS_MESSAGES.badTimezone)
            .default('UTC')
            .describe('The IANA zone whose calendar days make up the last 30 days'),
        }),
        response: { 200: z.array(campaignPerformanceSchema) },
      },
    },
    (request) =>
      getCampaignPerformance(
        {
          db: services.db,
          listCampaigns,
          getStatsCorrection: statsDeps.getStatsCorrection,
          finalIntervals: statsDeps.finalIntervals,
          cache: performance,
        },
        { team: requireTeam(request), timezone: request.query.timezone },
      ),
  );

  scope.get(
    '/campaign/end-choices',
    {
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        summary:
          "What ending the test offers per element, the lifetime verdict's winner suggested (issue 35)",
        params: teamParams,
        querystring: idQuery,
        response: { 200: endChoicesSchema },
      },
    },
    (request) =>
      getEndChoices(
        { db: services.db, ...statsDeps },
        { teamId: requireTeam(request).id, id: request.query.id },
      ),
  );

  scope.get(
    '/campaign/segment-values',
    {
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        summary:
          'What the results can be filtered by in the open dimensions: the referrer hosts, UTM tags and countries the campaign keeps by name, and the classes (issue 31)',
        params: teamParams,
        querystring: idQuery,
        response: { 200: segmentValuesAnswerSchema },
      },
    },
    (request) =>
      getSegmentValues(services, { teamId: requireTeam(request).id, id: request.query.id }),
  );

  scope.get(
    '/campaign/combinations',
    {
      schema: {
        tags: ['stats'],
        security: [{ bearer: [] }],
        summary:
          "A multivariate campaign's combinations of arms as visitors got them, with their visitors and conversions since the start (issue 35)",
        params: teamParams,
        querystring: idQuery,
        response: { 200: combinationsAnswerSchema },
      },
    },
    (request) =>
      getCombinations(
        { db: services.db, getCampaigns: statsDeps.getCampaigns },
        { teamId: requireTeam(request).id, id: request.query.id },
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
