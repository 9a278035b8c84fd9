import type { ProgrammeImpact } from '@kindling/domain';
import { api, request, teamApiPath } from '../../../lib/api-client';

interface GroupCounts {
  visitors: number;
  conversions: number;
}

/** GET /api/team/{team}/holdout: the share, each group's counts and the domain's comparison. */
export interface HoldoutReport {
  percent: number;
  holdout: GroupCounts;
  exposed: GroupCounts;
  since: string | null;
  impact: ProgrammeImpact;
}

export const holdoutKey = (team: string) => ['holdout', team] as const;

export const fetchHoldout = (team: string) => api.get<HoldoutReport>(teamApiPath(team, '/holdout'));

export const saveHoldout = (team: string, percent: number) =>
  request<HoldoutReport>('PUT', teamApiPath(team, '/holdout'), { body: { percent } });
