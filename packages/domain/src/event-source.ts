import type { PageRules } from './targeting/page-rules';
import { runsOn } from './targeting/runs-on';
import { pageOrigin } from './tracker-config';

// Whether a collected event may count for the campaign it names (issue 34, finding 3). Every
// id an event names is public in the tracker's config.json, so existence proves nothing; the
// event must at least say it comes from the campaign's page, the way the tracker decides which
// campaigns run on a page (`samePage`), and the browser's own word on the sending page (Origin,
// else Referer) must not contradict it. No zod: plain rules over strings.

/** Why an event is dropped: off its campaign's page or origin, or without its page's key. */
export type EventSourceProblem = 'off_page' | 'foreign_origin' | 'collect_key';

export interface EventSource {
  type: 'exposure' | 'goal' | 'revenue' | 'vitals';
  /** The page the tracker says it was on (`location.href`). */
  url: string;
  /** The collect key of the burner page it was sent from, if any. */
  collectKey?: string | undefined;
}

export interface CampaignSource {
  /** The campaign's page (its ingested URL), as the tracker config serves it. */
  url: string;
  /** Its page rules (issue 31): where it runs instead of `url` alone. */
  pages?: PageRules | null | undefined;
  /** Campaigns on a Kindling burner page: the key that page's tracker tag carries. */
  collectKey?: string | null | undefined;
}

/** The request headers that name the sending page, as the browser set them. */
export interface SenderHeaders {
  origin?: string | undefined;
  referer?: string | undefined;
}

/**
 * The origin of the page that sent the request: the Origin header, else the Referer's origin.
 * Undefined when neither is sent (a server-side sender, or a browser that withholds both);
 * null when one is sent but names no web origin (`Origin: null` from a sandboxed frame or a
 * file, or garbage), which matches no campaign page.
 */
export function senderOrigin({ origin, referer }: SenderHeaders): string | null | undefined {
  const said = origin ?? referer;
  if (said === undefined) return undefined;
  // Strict: the https:// that page addresses may omit is never assumed for a header.
  if (!/^https?:\/\//i.test(said.trim())) return null;
  return pageOrigin(said) ?? null;
}

/**
 * Why `event` cannot count for `campaign` when the request came from `sender` (see
 * `senderOrigin`), or null when it may:
 * - an exposure (and the Web Vitals of its page view) must be on a page the campaign runs on
 *   (`runsOn`, the tracker's own rule: its page, or its page rules);
 *   goals and revenue may come from any page of the campaign page's origin (a thank-you page,
 *   a checkout), where the tracker keeps what the visitor was exposed to, or from a page the
 *   campaign runs on;
 * - a browser-named sender must be the origin of the page the event names;
 * - on a burner page, the event must carry that page's collect key.
 */
export function eventSourceProblem(
  event: EventSource,
  campaign: CampaignSource,
  sender: string | null | undefined,
): EventSourceProblem | null {
  const origin = pageOrigin(campaign.url);
  const eventOrigin = pageOrigin(event.url);
  const runsThere = runsOn(campaign.pages ?? campaign.url, event.url);
  const onPage =
    event.type === 'exposure' || event.type === 'vitals'
      ? runsThere
      : runsThere || (origin !== undefined && eventOrigin === origin);
  if (!onPage) return 'off_page';
  if (sender !== undefined && sender !== eventOrigin) return 'foreign_origin';
  if (campaign.collectKey && event.collectKey !== campaign.collectKey) return 'collect_key';
  return null;
}
