import { FORWARDING_LABELS, forwardingInputSchema } from '@kindling/domain';
import { z } from 'zod';
import { openToEveryOrigin } from '../../http/open-to-every-origin';
import { requireOwner, requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { trackerPartRoute } from '../tracker/tracker-part-route';
import { getForwarding } from './get-forwarding';
import { setForwarding } from './set-forwarding';

const tags = ['analytics-forwarding'];
const security = [{ bearer: [] }];
const forwardingAnswer = z.object({ labels: z.enum(FORWARDING_LABELS).nullable() });

/** The team's analytics forwarding setting (issue 33; docs/api.md "Analytics forwarding"). */
export function forwardingRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/analytics-forwarding',
    {
      schema: {
        tags,
        security,
        summary:
          "Whether the team's tracker hands each exposure to the page's dataLayer, gtag and Segment analytics, by ids or by names (null: off)",
        params: teamParams,
        response: { 200: forwardingAnswer },
      },
    },
    (request) => getForwarding(services, { teamId: requireTeam(request).id }),
  );

  scope.put(
    '/analytics-forwarding',
    {
      schema: {
        tags,
        security,
        summary:
          'Turns analytics forwarding on by "ids" (names stay in Kindling) or "names", or off (null). Owners only',
        params: teamParams,
        body: forwardingInputSchema,
        response: { 200: forwardingAnswer },
      },
    },
    (request) => setForwarding(services, { teamId: requireOwner(request).id, ...request.body }),
  );
}

/** GET /api/tracker/{team}/forward.js: the part that hands exposures to analytics tools. */
export function forwardScriptRoutes(app: AppInstance, services: AppServices): void {
  void app.register((scope, _options, registered) => {
    openToEveryOrigin(scope, { 'cross-origin-resource-policy': 'cross-origin' });
    trackerPartRoute(scope, services, {
      part: 'forward',
      tags,
      summary:
        "The part the tracker loads after load when its team forwards exposures or the page called kindling('on', 'exposure', fn) (cached 60 s)",
    });
    registered();
  });
}
