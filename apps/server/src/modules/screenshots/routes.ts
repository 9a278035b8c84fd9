import { popupClicksParamSchema } from '@kindling/domain';
import { z } from 'zod';

import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import type { JobWorker } from '../jobs/job-worker';
import { requestScreenshot } from './request-screenshot';

const tags = ['campaigns'];
const security = [{ bearer: [] }];

export function screenshotRoutes(
  scope: AppInstance,
  services: AppServices,
  worker: Pick<JobWorker, 'wake'>,
): void {
  scope.get(
    '/campaign/screenshot',
    {
      // A GET that starts a screenshot job: guests may not.
      config: { access: 'write' },
      schema: {
        tags,
        security,
        params: teamParams,
        querystring: z.object({
          url: z.string(),
          /** JSON list of the selectors clicked in Close pop-ups, clicked before the shot. */
          popupClicks: popupClicksParamSchema.optional(),
        }),
      },
    },
    async (request) => {
      const queued = await requestScreenshot(services, {
        teamId: requireTeam(request).id,
        url: request.query.url,
        ...(request.query.popupClicks ? { popupClicks: request.query.popupClicks } : {}),
      });
      worker.wake();
      return queued;
    },
  );
}
