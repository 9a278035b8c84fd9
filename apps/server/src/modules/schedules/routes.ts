import { campaignScheduleSchema, scheduleInputSchema } from '@kindling/domain';
import { z } from 'zod';
import { idQuery } from '../../http/row-id';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { setCampaignSchedule } from './set-campaign-schedule';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
/** The whole campaign is answered (as GET /campaign/by-id); the document names its schedule. */
const scheduledCampaign = z.looseObject({ id: z.number(), schedule: campaignScheduleSchema });

/** Campaign schedules (issue 31; docs/api.md "Schedules"). */
export function scheduleRoutes(scope: AppInstance, services: AppServices): void {
  scope.put(
    '/campaign/schedule',
    {
      schema: {
        tags,
        security,
        summary:
          "Sets when the job worker switches the campaign on (startAt) and off (stopAt): ISO 8601 instants, answered in UTC, or null for none. Answers the campaign with `schedule` (state and words in the team's time zone)",
        params: teamParams,
        querystring: idQuery,
        body: scheduleInputSchema,
        response: { 200: scheduledCampaign },
      },
    },
    (request) =>
      setCampaignSchedule(services, {
        teamId: requireTeam(request).id,
        id: request.query.id,
        schedule: request.body,
      }),
  );
}
