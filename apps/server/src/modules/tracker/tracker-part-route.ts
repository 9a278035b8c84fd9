import { trackerPartBundle, type TrackerPart } from '../../bundles/tracker-part-bundle';
import { publicAnswerOrigin } from '../../http/public-answer';
import { teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { sendTrackerFile } from './send-tracker-file';
import { etagOf, type TrackerFile } from './tracker-deps';

/**
 * GET /api/tracker/{team}/{part}.js: a part the tracker loads (vitals.js, identify.js and
 * forward.js after `load`, targeting.js beside the config), in a scope open to every origin. The
 * same file for every team, cached like the tracker's other files.
 */
export function trackerPartRoute(
  scope: AppInstance,
  services: AppServices,
  {
    part,
    tags,
    summary,
    script = trackerPartBundle(part),
  }: { part: TrackerPart; tags: string[]; summary: string; script?: () => Promise<string> },
): void {
  // The file is built once per process: its hash is worked out once too, not per request.
  let file: TrackerFile | undefined;
  scope.get(
    `/api/tracker/:team/${part}.js`,
    { schema: { tags, summary, params: teamParams } },
    async (request, reply) => {
      const body = await script();
      if (file?.body !== body) file = { body, etag: etagOf(body) };
      const { cacheControl } = publicAnswerOrigin(services.config, request);
      return sendTrackerFile(request, reply, {
        file,
        type: 'text/javascript; charset=utf-8',
        cacheControl,
      });
    },
  );
}
