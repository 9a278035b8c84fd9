// The coarse classes a new visitor's first exposure is counted under, for the breakdown of a
// sample ratio mismatch (docs/statistics.md, "Explaining a mismatch"). Only these classes are
// stored, never the user agent or the full referrer: a handful of values per dimension says
// where an arm loses visitors, and says nothing about any one person (docs/decisions.md).

export const SEGMENT_DIMENSIONS = ['browser', 'device', 'platform', 'visitor', 'referrer'] as const;
export type SegmentDimension = (typeof SEGMENT_DIMENSIONS)[number];

/** Values no real browser, device or host can take: in parentheses. */
export const SEGMENT_UNKNOWN = '(unknown)';
export const REFERRER_DIRECT = '(direct)';
export const REFERRER_OTHER = '(other)';

/** The longest host name DNS allows. */
export const MAX_HOST_LENGTH = 253;

export const BROWSERS = [
  'chrome',
  'safari',
  'firefox',
  'edge',
  'samsung',
  'opera',
  'in-app',
  'other',
] as const;
export type BrowserFamily = (typeof BROWSERS)[number];
export const DEVICES = ['desktop', 'phone', 'tablet'] as const;
export type DeviceType = (typeof DEVICES)[number];

export interface AgentClass {
  browser: BrowserFamily;
  device: DeviceType;
}

/**
 * First match wins, so the browsers that build on another's engine (and say so in their user
 * agent: Edge, Opera and Samsung Internet all claim "Chrome", Chrome on iOS claims "Safari")
 * come before it. In-app browsers (Facebook, Instagram, TikTok...) first: their web views are a
 * frequent cause of lost exposures, whatever engine they run.
 */
const BROWSER_RULES: readonly [BrowserFamily, RegExp][] = [
  [
    'in-app',
    /FBAN|FBAV|FB_IAB|Instagram|musical_ly|TikTok|Snapchat|Pinterest|LinkedInApp|\bLine\//,
  ],
  ['edge', /\bEdg(?:e|A|iOS)?\//],
  ['opera', /\bOPR\/|\bOPT\/|Opera/],
  ['samsung', /SamsungBrowser\//],
  ['firefox', /Firefox\/|FxiOS\//],
  ['chrome', /Chrome\/|CriOS\/|Chromium\//],
  // Safari proper, and every other browser on iOS (they all run Apple's WebKit).
  ['safari', /Safari\/|iPhone|iPad|iPod/],
];

const TABLET = /iPad|Tablet|PlayBook|Silk\/|Kindle|Nexus (?:7|9|10)\b|SM-T\d/;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|Android/;

/**
 * The browser family and device type of a user agent, by a short rule table. iPads since iPadOS
 * 13 send a Mac's user agent and count as desktops; an Android user agent without "Mobile" is a
 * tablet (Google's own rule for Android browsers).
 */
export function agentClassOf(userAgent: string | undefined): AgentClass {
  const agent = userAgent ?? '';
  const browser = BROWSER_RULES.find(([, rule]) => rule.test(agent))?.[0] ?? 'other';
  const android = /Android/.test(agent);
  const device: DeviceType =
    TABLET.test(agent) || (android && !/Mobile/.test(agent))
      ? 'tablet'
      : PHONE.test(agent)
        ? 'phone'
        : 'desktop';
  return { browser, device };
}

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const withoutWww = (host: string) => host.replace(/^www\./, '');

/** The host of an absolute http(s) URL, lowercase; null when it has none. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The referrer class of a page view: the host the tracker read from `document.referrer`,
 * lowercased and without user, port or trailing dot; `(direct)` without a referrer or from the
 * page's own site (www. or not); `(other)` when it is not a valid host name; `(unknown)` from a
 * tracker that did not say (`sent` false: an older tracker).
 */
export function referrerClassOf({
  referrer,
  pageUrl,
  sent,
}: {
  /** The tracker's `referrer` field: a host, maybe with user or port; undefined without one. */
  referrer: string | undefined;
  /** The page the exposure happened on (the event's url). */
  pageUrl: string;
  /** The tracker sends the arrival fields (`returning` is present). */
  sent: boolean;
}): string {
  if (!sent) return SEGMENT_UNKNOWN;
  if (!referrer) return REFERRER_DIRECT;
  const host = referrer
    .slice(referrer.lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host.length === 0 || host.length > MAX_HOST_LENGTH || !HOST.test(host)) {
    return REFERRER_OTHER;
  }
  const page = hostOf(pageUrl);
  return page !== null && withoutWww(page) === withoutWww(host) ? REFERRER_DIRECT : host;
}

/** The value of each dimension for one new visitor. */
export type VisitorSegment = Record<SegmentDimension, string>;

/** Every dimension's value of a first exposure: its agent class and what the tracker sent. */
export function visitorSegmentOf({
  agent,
  referrer,
  returning,
  pageUrl,
}: {
  agent: AgentClass;
  referrer: string | undefined;
  returning: boolean | undefined;
  pageUrl: string;
}): VisitorSegment {
  const sent = returning !== undefined;
  return {
    browser: agent.browser,
    device: agent.device,
    platform: `${agent.browser}/${agent.device}`,
    visitor: !sent ? SEGMENT_UNKNOWN : returning ? 'returning' : 'new',
    referrer: referrerClassOf({ referrer, pageUrl, sent }),
  };
}

const BROWSER_NAMES: Record<BrowserFamily, string> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  samsung: 'Samsung Internet',
  opera: 'Opera',
  'in-app': 'In-app browsers',
  other: 'Other browsers',
};
const DEVICE_NAMES: Record<DeviceType, string> = {
  desktop: 'desktops',
  phone: 'phones',
  tablet: 'tablets',
};

const isBrowser = (value: string): value is BrowserFamily =>
  (BROWSERS as readonly string[]).includes(value);
const isDevice = (value: string): value is DeviceType =>
  (DEVICES as readonly string[]).includes(value);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** How a segment is named in a sentence and a table: "Safari on phones", "Visitors from x.com". */
export function segmentLabel(dimension: SegmentDimension, value: string): string {
  switch (dimension) {
    case 'browser':
      return isBrowser(value) ? BROWSER_NAMES[value] : 'Unknown browsers';
    case 'device':
      return isDevice(value) ? capitalised(DEVICE_NAMES[value]) : 'Unknown devices';
    case 'platform': {
      const [browser = '', device = ''] = value.split('/');
      return isBrowser(browser) && isDevice(device)
        ? `${BROWSER_NAMES[browser]} on ${DEVICE_NAMES[device]}`
        : 'Unknown browsers';
    }
    case 'visitor':
      return value === 'new'
        ? 'New visitors'
        : value === 'returning'
          ? 'Returning visitors'
          : 'Visitors of unknown history';
    case 'referrer':
      return value === REFERRER_DIRECT
        ? 'Direct and internal visits'
        : value === REFERRER_OTHER
          ? 'Visitors from other sites'
          : value === SEGMENT_UNKNOWN
            ? 'Visitors of unknown origin'
            : `Visitors from ${value}`;
  }
}
