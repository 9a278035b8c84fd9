import { servedTracker } from '@kindling/page-runtime/tracker-build';
import { trackerKindFor } from '@kindling/page-runtime/variant-mutations';
import {
  etagOf,
  teamConfig,
  trackerBase,
  trackerBootstrap,
  type TrackerDeps,
  type TrackerFile,
} from './tracker-deps';

/** GET /api/tracker/{team}.js: the runtime, bound to this team's bootstrap. */
export function getTrackerScript(
  deps: TrackerDeps,
  { slug, origin }: { slug: string; origin: string },
): Promise<TrackerFile> {
  return deps.served.get(`js ${slug} ${origin}`, async () => {
    const { teamId, config } = await teamConfig(deps, slug, origin);
    const bootstrap = trackerBootstrap(config, `${trackerBase(origin, slug)}/config.json`);
    const body = servedTracker(await deps.trackerBundle(trackerKindFor(config)), bootstrap);
    return { teamId, file: { body, etag: etagOf(body) } };
  });
}
