import type { AppInstance } from '../../http/types';
import { onTeamWrite } from '../auth/on-team-write';
import type { ServedFiles } from './served-files';

/**
 * A team's write (a campaign, a variant, its allocation, a rollout, the plan) marks the team's
 * tracker files changed, so its next page view gets them rebuilt.
 */
export function markTrackerChanges(scope: AppInstance, served: ServedFiles): void {
  onTeamWrite(scope, (teamId) => served.changed(teamId));
}
