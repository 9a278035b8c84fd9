import type { BucketingCampaign, BucketingElement } from './bucketing/assign';
import type { ElementFingerprint } from './fingerprint';
import type { Audience } from './targeting/audience';
import type { PageRules } from './targeting/page-rules';
import type { ForwardingLabels } from './analytics-forwarding';

// What the tracker on a customer's page receives (issue 9): GET /api/tracker/{team}/config.json.
// No zod here: the tracker bundle imports these types and `samePage`, and must not pull zod in.
// The server builds the config from stored campaigns, so it is trusted data, not input.

export const TRACKER_CONFIG_VERSION = 1;

/**
 * Longest time from navigation start to an applied change the tracker reports (/api/collect
 * refuses more). Here, not in collect.ts, because that module's zod schemas must not reach the
 * tracker bundle.
 */
export const COLLECT_MAX_APPLY_MS = 60_000;

/** Inactivity after which a visitor's next page view starts a new session. */
export const TRACKER_SESSION_MS = 30 * 60 * 1000;

export interface TrackerVariant<M> {
  id: number;
  /** Bandit campaigns only: the variant's share (see BucketingElement). */
  weight?: number;
  /** Elements changed together: the lead element's variant this one is shown with. */
  with?: number;
  /** Its name, when the team forwards exposures by name (`TrackerConfig.forward`). */
  name?: string;
  /** Page mutations (page-runtime's PageMutation) that show this variant. */
  mutations: M[];
}

export interface TrackerElement<M> extends BucketingElement {
  selector: string;
  /** Where the selector matches no single element, the tracker looks for this one. */
  fingerprint?: ElementFingerprint;
  /** Enabled variants only: a disabled variant is never served. */
  variants: TrackerVariant<M>[];
}

export type TrackerGoal =
  | { id: number; type: 'click'; selectors: string[] }
  | { id: number; type: 'pageView'; url: string };

export interface TrackerCampaign<M> extends BucketingCampaign {
  /** Its name, when the team forwards exposures by name (`TrackerConfig.forward`). */
  name?: string;
  /** The page the campaign was edited on (its ingested URL); where it runs without `pages`. */
  url: string;
  /** Where it runs, when its team set page rules (issue 31); matched with `matchesPage`. */
  pages?: PageRules;
  /** Who sees it, when its team set an audience (issue 31); matched with `inAudience`. */
  audience?: Audience;
  elements: TrackerElement<M>[];
  goals: TrackerGoal[];
  /** Share of page views (0 to 1) that report Web Vitals for this campaign; absent: none. */
  vitals?: number;
  /** An ended test's rollout (issue 35): served to everyone, no experiment (not forwarded). */
  rollout?: true;
}

export interface TrackerConfig<M> {
  version: typeof TRACKER_CONFIG_VERSION;
  /** Where the tracker posts its events (POST /api/collect). */
  collectUrl: string;
  /** Enabled campaigns only. */
  campaigns: TrackerCampaign<M>[];
  /**
   * The visitor's country (ISO 3166 alpha-2, upper case), for audiences: set by the server from
   * its trusted proxy header (`GEO_HEADER`) for teams with a country condition only.
   */
  country?: string;
  /**
   * The team's global holdout in percent (1-20), when it has one: those visitors see no
   * campaign, and their exposures say so (`inHoldout`).
   */
  holdout?: number;
  /**
   * The team forwards exposures to the page's analytics tools (issue 33): labelled by ids, or
   * by names too (then campaigns and variants carry `name`). Absent: not forwarded.
   */
  forward?: ForwardingLabels;
}

/** Where a campaign runs: its one page (`samePage`) or its page rules (`matchesPage`). */
export type PageTarget = string | PageRules;

/**
 * What the script itself carries, so it can hide the targeted elements before any fetch. Its
 * names are one letter: it is written into every served script, within the 6,144 B budget.
 */
export interface TrackerBootstrap {
  /** The address of the team's config.json. */
  c: string;
  /**
   * The hide list. Per campaign: where it runs (its page, or null for page rules, whose matcher
   * is in the targeting part the tracker fetches beside the config: hidden wherever until then)
   * and the selectors of elements that have a variant to show.
   */
  h: [where: string | null, selectors: string[]][];
}

// The WHATWG URL parser (browsers and Node); declared because domain is typed without DOM.
declare const URL: new (
  url: string,
  base?: string,
) => { protocol: string; host: string; pathname: string };

/**
 * The page-matching rule: same origin (scheme, host, port) and same path, ignoring the query,
 * the fragment and one trailing slash (`/landing/` is `/landing`, and `` is `/`). The host is
 * compared as the URL parser normalises it (lower case); the path is case-sensitive, as servers
 * treat it. An address without a scheme is read as https, like the campaign form does.
 */
export function pageKey(address: string): string | undefined {
  const text = /^https?:\/\//i.test(address.trim()) ? address.trim() : `https://${address.trim()}`;
  try {
    const { protocol, host, pathname } = new URL(text);
    return `${protocol}//${host}${pathname.replace(/\/$/, '') || '/'}`;
  } catch {
    return undefined;
  }
}

export function samePage(a: string, b: string): boolean {
  const key = pageKey(a);
  return key !== undefined && key === pageKey(b);
}

/** The page's origin (scheme, host, port) as `pageKey` reads it: `https://shop.example.com`. */
export function pageOrigin(address: string): string | undefined {
  const key = pageKey(address);
  // The key is the origin, then a path that starts with "/".
  return key?.slice(0, key.indexOf('/', key.indexOf('//') + 2));
}
