import { TRIAL_DAYS } from '@kindling/domain';
import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { getBilling } from './get-billing';

export function billingRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/billing',
    { schema: { tags: ['billing'], security: [{ bearer: [] }], params: teamParams } },
    async (request) => ({
      ...(await getBilling(services, { teamId: requireTeam(request).id, nowMs: Date.now() })),
      trialDays: TRIAL_DAYS,
    }),
  );
}
