import {
  attributesFromUserAgent,
  inAudience,
  inHoldout,
  runsOn,
  type VisitorAttributes,
} from '@kindling/domain';
import { pageChanges } from './page-changes';
import type { Config, Targeting } from './plan';
import { touchSession } from './ids';
import { newId } from './new-id';
import { readJson, save, type Store } from './storage';

// The tracker's targeting part (issue 31), in the rules bundles only: where a campaign runs
// (page rules), who sees it (audiences), with what this page can tell of its visitor, and who
// sees no campaign at all (the team's global holdout).

/** The visit's UTM tags, kept so that they hold on every page of the visit (by session id). */
const UTM_KEY = 'kindling.utm';
/** Visits so far: the count and the session it was counted for. */
const VISITS_KEY = 'kindling.visits';
const UTM_TAGS = [
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmCampaign', 'utm_campaign'],
] as const;

const pairs = (text: string, split: RegExp) =>
  Object.fromEntries(
    text
      .split(split)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        const decode = (part: string) => {
          try {
            return decodeURIComponent(part.trim());
          } catch {
            return part.trim();
          }
        };
        return at < 0
          ? [decode(pair), '']
          : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
      }),
  );

/**
 * What this page tells of its visitor. Counting the visit and keeping the UTM tags writes to
 * storage, so it runs once per page view (the part's `admits` keeps it for the page's address).
 */
function pageVisitor(
  config: Config,
  store: Store,
  returning: boolean,
  set: Record<string, unknown>,
): VisitorAttributes {
  const session = touchSession(store, Date.now(), newId);
  const query = pairs(location.search.slice(1).replace(/\+/g, ' '), /&/);
  const kept = readJson<{ s: string; t: Record<string, string> }>(store, UTM_KEY);
  const tags: Record<string, string> = kept?.s === session ? kept.t : {};
  for (const [, param] of UTM_TAGS) if (query[param]) tags[param] = query[param];
  save(store, UTM_KEY, JSON.stringify({ s: session, t: tags }));
  const counted = readJson<{ s: string; n: number }>(store, VISITS_KEY);
  const visits = counted?.s === session ? counted.n : (counted?.n ?? 0) + 1;
  save(store, VISITS_KEY, JSON.stringify({ s: session, n: visits }));
  const visitor: VisitorAttributes = {
    ...attributesFromUserAgent(navigator.userAgent, navigator.maxTouchPoints),
    visitorType: returning ? 'returning' : 'new',
    visits,
    query,
    cookies: pairs(document.cookie, /;/),
    language: navigator.language,
    // From the server's trusted proxy header, for teams with a country condition only.
    country: config.country,
    // The same object `kindling('set')` fills: a later call counts at once.
    attributes: set as VisitorAttributes['attributes'],
    ...(document.referrer ? { referrerHost: document.referrer.split('/')[2] } : {}),
  };
  for (const [attribute, param] of UTM_TAGS) if (tags[param]) visitor[attribute] = tags[param];
  return visitor;
}

export const targeting: Targeting = (config, store, visitor, arrival, set, html) => {
  if (inHoldout(visitor, config.holdout ?? 0)) {
    // Every campaign runs as its original for this visitor, and its exposures say so; no Web
    // Vitals are sampled, as they are measured per arm and the holdout is none.
    arrival.holdout = true;
    // In no test: nothing is told to the page's analytics tools.
    delete config.forward;
    for (const campaign of config.campaigns) {
      delete campaign.vitals;
      for (const element of campaign.elements) element.variants = [];
    }
  }
  let href: string | undefined;
  let attributes: VisitorAttributes;
  return [
    runsOn,
    (audience) => {
      if (href !== location.href) {
        href = location.href;
        attributes = pageVisitor(config, store, arrival.returning, set);
      }
      return inAudience(audience, attributes);
    },
    pageChanges(config, html),
  ];
};
