import {
  combinationsAnswerSchema,
  type CombinationsAnswer,
  type Granularity,
  type StatsSegment,
} from '@kindling/domain';
import { api, teamApiPath } from '../../../lib/api-client';
import { statsAnswerSchema, type StatsAnswer } from '../state/stats-answer';

export interface StatsRequest {
  id: number;
  range: { start: string; end: string };
  timezone: string;
  granularity: Granularity;
  compareRange?: { start: string; end: string };
  segment?: StatsSegment;
}

export const statsKey = (team: string, request: StatsRequest) =>
  ['campaign-stats', team, request] as const;
/** Every stats query of one campaign, whatever its range: what a change to it makes stale. */
export const campaignStatsKey = (team: string, campaignId: number) =>
  ['campaign-stats', team, { id: campaignId }] as const;

export function fetchCampaignStats(team: string, request: StatsRequest): Promise<StatsAnswer> {
  return api.post(teamApiPath(team, '/campaign/stats'), request, { schema: statsAnswerSchema });
}

export const combinationsKey = (team: string, campaignId: number) =>
  ['campaign-combinations', team, campaignId] as const;

/** A multivariate campaign's combinations as visitors got them (issue 35). */
export function fetchCombinations(team: string, campaignId: number): Promise<CombinationsAnswer> {
  return api.get(teamApiPath(team, '/campaign/combinations', { id: campaignId }), {
    schema: combinationsAnswerSchema,
  });
}
