import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getAllowances } from './get-allowances';

/** GET /api/team/{team}/billing/allowances: the plan's allowances and this month's use. */
export function allowanceRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/billing/allowances',
    {
      schema: {
        tags: ['billing'],
        security: [{ bearer: [] }],
        summary: "What the team's plan allows (null: unlimited) and what is used this month",
        params: teamParams,
      },
    },
    (request) => getAllowances(services, { teamId: requireTeam(request).id, nowMs: Date.now() }),
  );
}
