import type { AppInstance } from '../../http/types';
import { routeAccess } from './guest-guard';

/**
 * Calls `changed` with the team's id after a team route (request.team is set only under
 * /api/team/{team}) that writes answered without an error: the write's transaction has
 * committed by then. Added on the root, so it runs for every route registered after. What is
 * kept of a team's campaigns per process (the tracker's files, collect's shapes) goes this way.
 */
export function onTeamWrite(scope: AppInstance, changed: (teamId: number) => void): void {
  scope.addHook('onSend', (request, reply, payload) => {
    const team = request.team;
    const wrote = routeAccess(request.method, request.routeOptions.config.access) === 'write';
    if (team && wrote && reply.statusCode < 400) changed(team.id);
    return Promise.resolve(payload);
  });
}
