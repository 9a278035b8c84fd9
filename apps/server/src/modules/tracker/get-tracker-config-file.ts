import { etagOf, teamConfig, type TrackerDeps, type TrackerFile } from './tracker-deps';

/** GET /api/tracker/{team}/config.json: the team's enabled campaigns as the tracker runs them. */
export async function getTrackerConfigFile(
  deps: TrackerDeps,
  { slug, origin }: { slug: string; origin: string },
): Promise<TrackerFile> {
  const body = JSON.stringify(await teamConfig(deps, slug, origin));
  return { body, etag: etagOf(body) };
}
