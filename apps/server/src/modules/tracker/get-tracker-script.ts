import { BOOTSTRAP_NAME } from '@kindling/page-runtime/tracker-build';
import {
  etagOf,
  teamConfig,
  trackerBase,
  trackerBootstrap,
  type TrackerDeps,
  type TrackerFile,
} from './tracker-deps';

/** JSON as a JS expression; `<` escaped so no "</script" can appear even if it is inlined. */
const jsLiteral = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** GET /api/tracker/{team}.js: the runtime, bound to this team's bootstrap. */
export function getTrackerScript(
  deps: TrackerDeps,
  { slug, origin }: { slug: string; origin: string },
): Promise<TrackerFile> {
  return deps.served.get(`js ${slug} ${origin}`, async () => {
    const { teamId, config } = await teamConfig(deps, slug, origin);
    const bootstrap = trackerBootstrap(config, `${trackerBase(origin, slug)}/config.json`);
    const body = `!function(${BOOTSTRAP_NAME}){${await deps.trackerBundle()}}(${jsLiteral(bootstrap)});\n`;
    return { teamId, file: { body, etag: etagOf(body) } };
  });
}
