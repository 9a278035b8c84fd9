import { createHash } from 'node:crypto';
import {
  PAGE_MARK_SELECTOR,
  PAGE_SELECTOR,
  type TrackerBootstrap,
  type TrackerConfig,
} from '@kindling/domain';
import type { TrackerKind } from '@kindling/page-runtime/tracker-build';
import type { PageMutation } from '@kindling/page-runtime/variant-mutations';
import { notFound } from '../../errors';
import type { ServedFiles } from './served-files';

export type ServedConfig = TrackerConfig<PageMutation>;

export interface TrackerDeps {
  findPublicTeam: (input: { slug: string }) => Promise<{ id: number; slug: string } | undefined>;
  getTrackerConfig: (input: { teamId: number; collectUrl: string }) => Promise<ServedConfig>;
  trackerBundle: (kind: TrackerKind) => Promise<string>;
  /** The files as last built, answered from memory (served-files.ts). */
  served: ServedFiles;
}

export interface TrackerFile {
  body: string;
  etag: string;
  /** config.json only: a campaign has a country condition, so the answer carries the country. */
  byCountry?: boolean;
}

export const TRACKER_TEAM_NOT_FOUND = 'Team not found';

export const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** `{origin}/api/tracker/{team}`: the script is `.js` after it, the config `/config.json`. */
export const trackerBase = (origin: string, slug: string) =>
  `${origin}/api/tracker/${encodeURIComponent(slug)}`;

export async function teamConfig(deps: TrackerDeps, slug: string, origin: string) {
  const team = await deps.findPublicTeam({ slug });
  if (!team) throw notFound(TRACKER_TEAM_NOT_FOUND);
  const collectUrl = `${origin}/api/collect`;
  return { teamId: team.id, config: await deps.getTrackerConfig({ teamId: team.id, collectUrl }) };
}

/**
 * The part of the config the script carries: per campaign, where it runs and the selectors that
 * may change.
 */
export function trackerBootstrap(config: ServedConfig, configUrl: string): TrackerBootstrap {
  return {
    c: configUrl,
    h: config.campaigns
      .map((campaign): [string | null, string[]] => [
        campaign.pages ? null : campaign.url,
        campaign.elements
          .filter((element) => element.variants.some((variant) => variant.mutations.length))
          // A split-URL test hides the whole page until the tracker knows where it goes.
          .map((element) =>
            element.selector === PAGE_MARK_SELECTOR ? PAGE_SELECTOR : element.selector,
          ),
      ])
      .filter(([, selectors]) => selectors.length > 0),
  };
}
