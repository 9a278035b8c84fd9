import { TRIAL_DAYS } from '@kindling/domain';
import { teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { requireTeam } from '../teams/team-access';
import { getBilling } from './get-billing';

export function billingRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/billing',
    { schema: { tags: ['billing'], security: [{ bearer: [] }], params: teamParams } },
    async (request) => ({
      ...(await getBilling(services, requireTeam(request).id, Date.now())),
      trialDays: TRIAL_DAYS,
    }),
  );
}
