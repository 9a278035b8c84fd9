import { etagOf, teamConfig, type TrackerDeps, type TrackerFile } from './tracker-deps';

/** GET /api/tracker/{team}/config.json: the team's enabled campaigns as the tracker runs them. */
export function getTrackerConfigFile(
  deps: TrackerDeps,
  { slug, origin }: { slug: string; origin: string },
): Promise<TrackerFile> {
  return deps.served.get(`config ${slug} ${origin}`, async () => {
    const { teamId, config } = await teamConfig(deps, slug, origin);
    const body = JSON.stringify(config);
    return { teamId, file: { body, etag: etagOf(body) } };
  });
}
