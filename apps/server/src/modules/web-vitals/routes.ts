import { vitalsSettingsInputSchema, vitalsSettingsSchema } from '@kindling/domain';
import { openToEveryOrigin } from '../../http/open-to-every-origin';
import { campaignIdQuery } from '../../http/row-id';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { trackerPartRoute } from '../tracker/tracker-part-route';
import { getVitalsSettings } from './get-vitals-settings';
import { setVitalsSettings } from './set-vitals-settings';

const tags = ['web-vitals'];
const security = [{ bearer: [] }];

/** GET /api/tracker/{team}/vitals.js: the Web Vitals module, loaded on sampled page views. */
export function vitalsScriptRoutes(
  app: AppInstance,
  services: AppServices,
  { script }: { script?: () => Promise<string> } = {},
): void {
  void app.register((scope, _options, registered) => {
    openToEveryOrigin(scope, { 'cross-origin-resource-policy': 'cross-origin' });
    trackerPartRoute(scope, services, {
      part: 'vitals',
      tags,
      summary:
        'The Web Vitals module the tracker loads after load on sampled page views (cached 60 s)',
      ...(script ? { script } : {}),
    });
    registered();
  });
}

/** GET and PUT /api/team/{team}/campaign/vitals: a campaign's Web Vitals sampling and guardrails. */
export function vitalsSettingsRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/campaign/vitals',
    {
      schema: {
        tags,
        security,
        summary: "The campaign's Web Vitals sampling and vitals guardrails",
        params: teamParams,
        querystring: campaignIdQuery,
        response: { 200: vitalsSettingsSchema },
      },
    },
    (request) =>
      getVitalsSettings(services, {
        teamId: requireTeam(request).id,
        campaignId: request.query.campaignId,
      }),
  );
  scope.put(
    '/campaign/vitals',
    {
      config: { access: 'write' },
      schema: {
        tags,
        security,
        summary:
          "Sets the campaign's Web Vitals sampling (auto, off or 1-100%) and vitals guardrails",
        params: teamParams,
        body: vitalsSettingsInputSchema,
        response: { 200: vitalsSettingsSchema },
      },
    },
    (request) => {
      const { campaignId, ...settings } = request.body;
      return setVitalsSettings(services, {
        teamId: requireTeam(request).id,
        campaignId,
        settings,
      });
    },
  );
}
