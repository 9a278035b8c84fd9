import { routeAccess } from '../auth/guest-guard';
import type { AppInstance } from '../../http/types';
import type { ServedFiles } from './served-files';

/**
 * A team route (request.team is set only under /api/team/{team}) that wrote (a campaign, a
 * variant, its allocation, a rollout, the plan) marks the team's tracker files changed once it
 * answered without an error, so its next page view gets them rebuilt; the write's transaction
 * has committed by then. Added on the root, so it runs for every route registered after.
 */
export function markTrackerChanges(scope: AppInstance, served: ServedFiles): void {
  scope.addHook('onSend', (request, reply, payload) => {
    const team = request.team;
    const wrote = routeAccess(request.method, request.routeOptions.config.access) === 'write';
    if (team && wrote && reply.statusCode < 400) served.changed(team.id);
    return Promise.resolve(payload);
  });
}
