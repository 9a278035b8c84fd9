import type { Config, Exposure } from './plan';

// Parts of the tracker outside its size budget, loaded beside the config once the page has
// loaded (nothing is fetched before `load`): vitals.js on page views sampled for Web Vitals
// (issue 30) and identify.js after `kindling('identify', userId)` (issue 31). Each reads what it
// is for from `window.kindlingParts`, set just before the script is added.

/** What vitals.js reports LCP, CLS and INP for. */
export interface VitalsPage {
  /** The burner page's collect key, on Kindling's own pages only. */
  collectKey?: string;
  visitorId: string;
  sessionId: string;
  /** The exposures of this page view whose campaign drew it into its vitals sample. */
  exposures: { campaignId: number; exposureId: string }[];
}

/**
 * What identify.js links: the page's user id (hashed there) and this device's visitor id. It
 * reads the team from its own address.
 */
export type IdentifyCall = [userId: unknown, visitorId: string];

/**
 * What forward.js hands on: the exposures the tracker adds (forward.js takes them out as it
 * hands them on, so none goes twice and none is lost when page views come quickly) and the
 * page's `kindling('on', event, fn)` calls.
 */
export interface ForwardedExposures {
  config: Config;
  exposures: Exposure[];
  hooks: [event: unknown, hook: unknown][];
}

export interface TrackerParts {
  vitals: VitalsPage;
  forward: ForwardedExposures;
  identify: IdentifyCall;
}

declare global {
  interface Window {
    kindlingParts?: Partial<TrackerParts>;
  }
}

/** Adds the script `{file}.js` beside the config, now. */
export function addScript(configUrl: string, file: string): void {
  const script = document.createElement('script');
  script.src = configUrl.replace('config.json', file + '.js');
  document.head.append(script);
}

/** Loads `{part}.js` beside the config after `load`, for `value`. */
export function loadPart<P extends keyof TrackerParts>(
  configUrl: string,
  part: P,
  value: TrackerParts[P],
): void {
  const go = () =>
    setTimeout(() => {
      (window.kindlingParts ??= {})[part] = value;
      addScript(configUrl, part);
    });
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
}
