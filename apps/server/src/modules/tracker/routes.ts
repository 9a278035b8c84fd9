import { z } from 'zod';
import { notFound } from '../../errors';
import { appOrigin } from '../../http/app-origin';
import { openToEveryOrigin } from '../../http/open-to-every-origin';
import { publicAnswerOrigin } from '../../http/public-answer';
import { requireTeam, teamParams } from '../../http/team-scope';
import { forwardScriptRoutes } from '../analytics-forwarding/routes';
import { identityRoutes } from '../identity/routes';
import type { AppInstance, AppServices } from '../../http/types';
import { getTrackerConfigFile } from './get-tracker-config-file';
import { getTrackerScript } from './get-tracker-script';
import { getTrackerSnippet, TRACKER_SNIPPET_MODES } from './get-tracker-snippet';
import { sendTrackerFile } from './send-tracker-file';
import { servedTrackerFiles } from './served-files';
import { markTrackerChanges } from './tracker-changes';
import { trackerPartRoute } from './tracker-part-route';
import { TRACKER_TEAM_NOT_FOUND, type TrackerDeps } from './tracker-deps';

const tags = ['tracker'];

/**
 * The tracker customers' pages load, without sign-in and from any origin:
 * GET /api/tracker/{team}.js and GET /api/tracker/{team}/config.json.
 */
export function trackerRoutes(app: AppInstance, services: AppServices, deps: TrackerDeps): void {
  void app.register((scope, _options, registered) => {
    // Not held back by the app's same-site resource policy either: a <script> on another
    // site would be blocked by it.
    openToEveryOrigin(scope, { 'cross-origin-resource-policy': 'cross-origin' });

    scope.get(
      '/api/tracker/:file',
      {
        schema: {
          tags,
          summary:
            "{team}.js: the tracker script with the team's hide list (Cache-Control max-age=60, stale-while-revalidate=600, stale-if-error=86400; public, for shared caches, only with PUBLIC_URL)",
          params: z.object({ file: z.string() }),
        },
      },
      async (request, reply) => {
        const slug = /^(.+)\.js$/.exec((request.params as { file: string }).file)?.[1];
        if (!slug) throw notFound(TRACKER_TEAM_NOT_FOUND);
        const { origin, cacheControl } = publicAnswerOrigin(services.config, request);
        const file = await getTrackerScript(deps, { slug, origin });
        return sendTrackerFile(request, reply, {
          file,
          type: 'text/javascript; charset=utf-8',
          cacheControl,
        });
      },
    );

    scope.get(
      '/api/tracker/:team/config.json',
      {
        schema: {
          tags,
          summary:
            "The team's enabled campaigns as the tracker runs them (cached like {team}.js); with a country condition and GEO_HEADER set, also the visitor's country (and Vary on that header)",
          params: teamParams,
        },
      },
      async (request, reply) => {
        const { origin, cacheControl } = publicAnswerOrigin(services.config, request);
        const { team } = request.params as { team: string };
        const header = services.config.GEO_HEADER;
        const geo = header ? { name: header, value: request.headers[header] } : undefined;
        const { file, vary } = await getTrackerConfigFile(deps, { slug: team, origin, geo });
        return sendTrackerFile(request, reply, {
          file,
          type: 'application/json; charset=utf-8',
          cacheControl,
          vary,
        });
      },
    );
    trackerPartRoute(scope, services, {
      part: 'targeting',
      tags,
      summary:
        'The page-rule matcher, the audience evaluator and the global holdout: a module the tracker of a team with page rules, audiences or a holdout imports beside the config (cached like {team}.js)',
    });
    registered();
  });
}

/**
 * The tracker's routes with their files served from memory: a team route's write marks the
 * team's files changed, and so does a change outside one (auto-stop, an idea experiment's end)
 * through `services.servingChanged`.
 */
export function wireTrackerRoutes(
  app: AppInstance,
  services: AppServices,
  deps: Omit<TrackerDeps, 'served'>,
): void {
  const served = servedTrackerFiles(app.log);
  services.servingChanged = (teamId) => served.changed(teamId);
  markTrackerChanges(app, served);
  trackerRoutes(app, services, { ...deps, served });
  // What customers' pages call beside the tracker: identify.js and its link (issue 31), and
  // forward.js (issue 33).
  identityRoutes(app, services);
  forwardScriptRoutes(app, services);
}

export const SNIPPET_MODE_MESSAGE = 'The snippet mode is "sync" or "async"';

const snippetQuery = z.object({
  mode: z.enum(TRACKER_SNIPPET_MODES, { error: SNIPPET_MODE_MESSAGE }).default('sync'),
});

/**
 * GET /api/team/{team}/tracker/snippet?mode=sync|async: the tag to paste into <head>, for team
 * members.
 */
export function trackerSnippetRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/tracker/snippet',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          'The tag that installs the tracker on the team’s pages: sync (the default; the page waits for the tracker, no flash) or async (the page never waits)',
        params: teamParams,
        querystring: snippetQuery,
        response: {
          200: z.object({ html: z.string(), mode: z.enum(TRACKER_SNIPPET_MODES) }),
        },
      },
    },
    (request) =>
      getTrackerSnippet({
        slug: requireTeam(request).slug,
        origin: appOrigin(services.config, request),
        mode: snippetQuery.parse(request.query).mode,
      }),
  );
}
