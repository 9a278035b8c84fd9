import { vitalsSettingsInputSchema, vitalsSettingsSchema } from '@kindling/domain';
import { z } from 'zod';
import { openToEveryOrigin } from '../../http/open-to-every-origin';
import { publicAnswerOrigin } from '../../http/public-answer';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { sendTrackerFile } from '../tracker/send-tracker-file';
import { etagOf } from '../tracker/tracker-deps';
import { getVitalsSettings } from './get-vitals-settings';
import { setVitalsSettings } from './set-vitals-settings';
import { vitalsBundle } from './vitals-bundle';

const tags = ['web-vitals'];
const security = [{ bearer: [] }];

/**
 * GET /api/tracker/{team}/vitals.js: the Web Vitals module the tracker loads after `load` on
 * sampled page views, without sign-in and from any origin. The same file for every team (it
 * reads what to report from `window.kindlingVitals`), cached like the tracker's other files.
 */
export function vitalsScriptRoutes(
  app: AppInstance,
  services: AppServices,
  { script = vitalsBundle() }: { script?: () => Promise<string> } = {},
): void {
  void app.register((scope, _options, registered) => {
    openToEveryOrigin(scope, { 'cross-origin-resource-policy': 'cross-origin' });
    scope.get(
      '/api/tracker/:team/vitals.js',
      {
        schema: {
          tags,
          summary:
            'The Web Vitals module the tracker loads after load on sampled page views (cached 60 s)',
          params: teamParams,
        },
      },
      async (request, reply) => {
        const body = await script();
        const { cacheControl } = publicAnswerOrigin(services.config, request);
        return sendTrackerFile(request, reply, {
          file: { body, etag: etagOf(body) },
          type: 'text/javascript; charset=utf-8',
          cacheControl,
        });
      },
    );
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
        querystring: z.object({ campaignId: z.coerce.number().int().positive() }),
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
