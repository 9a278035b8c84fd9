import { endCampaignInputSchema, rowId } from '@kindling/domain';
import { z } from 'zod';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { archiveCampaign } from './archive-campaign';
import { endCampaign } from './end-campaign';
import { removeRollout } from './remove-rollout';
import { unarchiveCampaign } from './unarchive-campaign';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
const idBody = z.object({ id: rowId });

/**
 * Ending a test, its rollout and archiving (issue 35; docs/api.md "Ending a test"). Each answers
 * the campaign as GET /campaign/by-id gives it.
 */
export function campaignEndRoutes(scope: AppInstance, services: AppServices): void {
  scope.post(
    '/campaign/end',
    {
      schema: {
        tags,
        security,
        summary:
          'Ends the test for good, its results kept read-only; rollout (element id -> variant id, or null for the original) is served to every visitor, counted apart',
        params: teamParams,
        body: endCampaignInputSchema.extend({ id: rowId }),
      },
    },
    (request) =>
      endCampaign(services, {
        teamId: requireTeam(request).id,
        id: request.body.id,
        rollout: request.body.rollout,
      }),
  );

  scope.post(
    '/campaign/remove-rollout',
    {
      schema: {
        tags,
        security,
        summary: "Stops serving an ended test's rollout (shipped in code, or dropped)",
        params: teamParams,
        body: idBody,
      },
    },
    (request) => removeRollout(services, { teamId: requireTeam(request).id, id: request.body.id }),
  );

  scope.post(
    '/campaign/archive',
    {
      schema: {
        tags,
        security,
        summary: 'Hides a paused or ended campaign from the default list',
        params: teamParams,
        body: idBody,
      },
    },
    (request) =>
      archiveCampaign(services, { teamId: requireTeam(request).id, id: request.body.id }),
  );

  scope.post(
    '/campaign/unarchive',
    {
      schema: {
        tags,
        security,
        summary: 'Brings an archived campaign back into the default list',
        params: teamParams,
        body: idBody,
      },
    },
    (request) =>
      unarchiveCampaign(services, { teamId: requireTeam(request).id, id: request.body.id }),
  );
}
