import { usesCountry, visitorCountry } from '@kindling/domain';
import { etagOf, teamConfig, type TrackerDeps, type TrackerFile } from './tracker-deps';

/** The visitor's country as the trusted proxy told it: GEO_HEADER's name and its value. */
export interface GeoHeader {
  name: string;
  value: string | string[] | undefined;
}

export interface VisitorConfigFile {
  file: TrackerFile;
  /** The request header the answer depends on (its country), for `Vary`; absent: none. */
  vary?: string;
}

/**
 * GET /api/tracker/{team}/config.json: the team's enabled campaigns as the tracker runs them.
 * The file is built once per team and address (served-files.ts); when a campaign has a country
 * condition and GEO_HEADER is set, the visitor's country is spliced in front of the cached body
 * (no rebuild, no JSON parse per request), with an ETag of its own. Other teams' answers are the
 * cached file as it is.
 */
export async function getTrackerConfigFile(
  deps: TrackerDeps,
  { slug, origin, geo }: { slug: string; origin: string; geo?: GeoHeader },
): Promise<VisitorConfigFile> {
  const file = await deps.served.get(`config ${slug} ${origin}`, async () => {
    const { teamId, config } = await teamConfig(deps, slug, origin);
    const body = JSON.stringify(config);
    const byCountry = config.campaigns.some((campaign) => usesCountry(campaign.audience ?? null));
    return { teamId, file: { body, etag: etagOf(body), ...(byCountry ? { byCountry } : {}) } };
  });
  if (!file.byCountry || !geo) return { file };
  const country = visitorCountry(geo.value);
  if (!country) return { file, vary: geo.name };
  return {
    file: {
      // The body is JSON.stringify of an object: it opens with "{" and has no "country" key.
      body: `{"country":"${country}",${file.body.slice(1)}`,
      etag: `${file.etag.slice(0, -1)}-${country}"`,
    },
    vary: geo.name,
  };
}
