import { forwardedExposure, forwardingCalls, type ForwardedExposure } from '@kindling/domain';
import type { ForwardedExposures } from '../tracker/load-part';

// GET /api/tracker/{team}/forward.js (issue 33): loaded by the tracker after `load` when its team
// forwards exposures or the page hooked them (`kindling('on', 'exposure', fn)`), outside the
// tracker's size budget. It hands each exposure on once: to Google Tag Manager's `dataLayer`,
// GA4's `gtag` and Segment's `analytics` when the team turned forwarding on, and to the page's
// hooks always. An ended test's rollout is no experiment: it is not handed on.

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    analytics?: { track?: (...args: unknown[]) => void };
  }
}

/** Runs one call into the page's code: one that throws stops neither the others nor the next. */
function guarded(what: string, call: () => void): void {
  try {
    call();
  } catch (error) {
    console.error(`kindling: ${what} failed`, error);
  }
}

export function forward({ config, exposures, hooks }: ForwardedExposures): void {
  // Each function once, however often the page registered it (a component mounting again).
  const hooked = new Set(hooks.filter(([event]) => event === 'exposure').map(([, hook]) => hook));
  // Taken out as they go: the tracker adds this page view's, and this file runs again for them.
  for (const { campaignId, assignments } of exposures.splice(0)) {
    const campaign = config.campaigns.find((candidate) => candidate.id === campaignId);
    if (!campaign || campaign.rollout) continue;
    const exposure = forwardedExposure(campaign, assignments, config.forward ?? 'ids');
    if (config.forward) {
      const calls = forwardingCalls(exposure);
      guarded('dataLayer.push', () => (window.dataLayer ??= []).push(calls.dataLayer));
      if (typeof window.gtag === 'function') guarded('gtag', () => window.gtag!(...calls.gtag));
      if (typeof window.analytics?.track === 'function') {
        guarded('analytics.track', () => window.analytics!.track!(...calls.segment));
      }
    }
    for (const hook of hooked) {
      if (typeof hook === 'function') {
        guarded('an exposure hook', () => (hook as (e: ForwardedExposure) => void)(exposure));
      }
    }
  }
}

const handed = window.kindlingParts?.forward;
if (handed) forward(handed);
