import {
  endChoicesSchema,
  type Campaign,
  type EndChoices,
  type RolloutChoice,
} from '@kindling/domain';
import { api, teamApiPath } from './api-client';

// Ending a test, its rollout and archiving (issue 35): each write answers the campaign.

export const endChoicesKey = (team: string, id: number) => ['end-choices', team, id] as const;

export function fetchEndChoices(team: string, id: number): Promise<EndChoices> {
  return api.get(teamApiPath(team, '/campaign/end-choices', { id }), { schema: endChoicesSchema });
}

export function endCampaign(team: string, id: number, rollout: RolloutChoice): Promise<Campaign> {
  return api.post<Campaign>(teamApiPath(team, '/campaign/end'), { id, rollout });
}

export function removeRollout(team: string, id: number): Promise<Campaign> {
  return api.post<Campaign>(teamApiPath(team, '/campaign/remove-rollout'), { id });
}

export function archiveCampaign(team: string, id: number): Promise<Campaign> {
  return api.post<Campaign>(teamApiPath(team, '/campaign/archive'), { id });
}

export function unarchiveCampaign(team: string, id: number): Promise<Campaign> {
  return api.post<Campaign>(teamApiPath(team, '/campaign/unarchive'), { id });
}
