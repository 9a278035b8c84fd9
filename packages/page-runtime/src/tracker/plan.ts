import {
  assignCampaigns,
  samePage,
  type Arm,
  type Audience,
  type ElementFingerprint,
  type PageTarget,
  type TrackerConfig,
} from '@kindling/domain';
import type { PageMutation } from '../mutation-types';
import type { Sanitize } from '../sanitize-html';
import type { Store } from './storage';

export type Config = TrackerConfig<PageMutation>;

/**
 * Whether a campaign runs on a page: `samePage` in the plain bundle (no campaign has page rules
 * there), `runsOn` with the page-rule matcher in the rules bundles (entry-rules.ts).
 */
export type RunsOn = (where: PageTarget, href: string) => boolean;

/**
 * The plain bundles' rule. A config with page rules may still meet a plain script the browser
 * cached before the rules were set (both are cached a minute): the campaign then runs nowhere
 * until the script is fetched again, never on the wrong pages.
 */
/** Whether the visitor is in an audience, as of each call. */
export type Admits = (audience: Audience) => boolean;

/**
 * The rules bundles' part (targeting.ts, served as targeting.js): once per tracker start, where
 * campaigns run and who sees them. `arrival.returning`: the visitor id was stored before this page
 * load (a visitor in the team's global holdout gets `arrival.holdout` and every campaign without
 * its variants); `set`: what the site said with `kindling('set', {...})`; `html`: the bundle's
 * sanitiser, if it has one. The third answer, when the config needs it, is what the applier
 * applies with instead of `html`: the same sanitiser whose `more` also takes the part's change
 * types (split-URL redirects). Its arguments and answer are positional: the core's own property
 * names are shortened in its build, the part's are not.
 */
export type Targeting = (
  config: Config,
  store: Store,
  visitor: string,
  arrival: { returning: boolean; holdout?: true },
  set: Record<string, unknown>,
  html: Sanitize | undefined,
) => [RunsOn, Admits, Sanitize?];

export const onItsPage: RunsOn = (where, href) =>
  typeof where === 'string' && samePage(where, href);

/** One element to change on this page: the assigned variant's mutations. */
export interface Change {
  campaignId: number;
  elementId: number;
  selector: string;
  /** Finds the element when the selector names none or several. */
  fingerprint?: ElementFingerprint;
  mutations: PageMutation[];
}

export interface Exposure {
  campaignId: number;
  /** Element id -> variant id or "control", as /api/collect takes it. */
  assignments: Record<string, Arm>;
}

export interface PagePlan {
  exposures: Exposure[];
  changes: Change[];
}

/**
 * What a visitor gets on the page at `href`: the campaigns running there that the visitor is in
 * and the changes to make. Buckets are drawn over all the team's campaigns, not only this
 * page's, so "at most one exclusive campaign" holds across pages.
 */
export function planPage(
  config: Config,
  href: string,
  visitorId: string,
  runsOn = onItsPage,
  /** Without the targeting part, a campaign with an audience is shown to no one. */
  admits?: Admits,
): PagePlan {
  const assigned = assignCampaigns(visitorId, config.campaigns);
  const plan: PagePlan = { exposures: [], changes: [] };
  for (const campaign of config.campaigns) {
    const assignment = assigned.get(campaign.id);
    if (!assignment || !runsOn(campaign.pages ?? campaign.url, href)) continue;
    if (campaign.audience && !admits?.(campaign.audience)) continue;
    const assignments: Record<string, Arm> = {};
    for (const element of campaign.elements) {
      const arm = assignment[element.id] ?? 'control';
      assignments[element.id] = arm;
      // Every element is tracked, the original's too (with nothing to change): `applied` then
      // says for both arms alike whether it was on the page.
      plan.changes.push({
        campaignId: campaign.id,
        elementId: element.id,
        selector: element.selector,
        fingerprint: element.fingerprint,
        mutations: element.variants.find((candidate) => candidate.id === arm)?.mutations ?? [],
      });
    }
    plan.exposures.push({ campaignId: campaign.id, assignments });
  }
  return plan;
}
