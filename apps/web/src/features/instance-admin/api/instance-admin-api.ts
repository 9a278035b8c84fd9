import type { FeatureFlag, SubscriptionState } from '@kindling/domain';
import { api, apiPath } from '../../../lib/api-client';

export interface InstanceTeam {
  slug: string;
  name: string;
  memberCount: number;
  featureFlags: string[];
  subscriptionState: SubscriptionState;
  createdAt: string;
}

export interface InstanceTeamPage {
  teams: InstanceTeam[];
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
}

/**
 * Spec section 6: the "admin" cache tag. Every query of instance administration starts with it,
 * so one invalidation refreshes all of them.
 */
export const ADMIN_TAG = 'admin';
export const instanceTeamsKey = (search: string, page: number) =>
  [ADMIN_TAG, 'instance-teams', { search, page }] as const;

export function fetchInstanceTeams(search: string, page: number): Promise<InstanceTeamPage> {
  return api.get(apiPath('/instance-admin/teams', { search: search || undefined, page }));
}

export function setInstanceTeamFlag(input: {
  team: string;
  flag: FeatureFlag;
  enabled: boolean;
}): Promise<{ team: string; featureFlags: string[] }> {
  return api.post(apiPath('/instance-admin/feature-flags'), input);
}
