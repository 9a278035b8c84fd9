import { forwardedExposure, forwardingCalls, type ForwardedExposure } from '@kindling/domain';
import type { ForwardedExposures } from '../tracker/load-part';

// GET /api/tracker/{team}/forward.js (issue 33): loaded by the tracker after `load` when its team
// forwards exposures or the page hooked them (`kindling('on', 'exposure', fn)`), outside the
// tracker's size budget. It hands each exposure on once: to Google Tag Manager's `dataLayer`,
// GA4's `gtag` and Segment's `analytics` when the team turned forwarding on, and to the page's
// hooks always.

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    analytics?: { track?: (...args: unknown[]) => void };
  }
}

function tell(hook: unknown, exposure: ForwardedExposure): void {
  if (typeof hook !== 'function') return;
  try {
    (hook as (exposure: ForwardedExposure) => void)(exposure);
  } catch (error) {
    // One page's broken hook must not stop the others, nor the tools.
    console.error('kindling: an exposure hook failed', error);
  }
}

export function forward({ config, exposures, hooks }: ForwardedExposures): void {
  // Taken out as they go: the tracker adds this page view's, and this file runs again for them.
  for (const { campaignId, assignments } of exposures.splice(0)) {
    const campaign = config.campaigns.find((candidate) => candidate.id === campaignId);
    if (!campaign) continue;
    const exposure = forwardedExposure(campaign, assignments, config.forward ?? 'ids');
    if (config.forward) {
      const calls = forwardingCalls(exposure);
      (window.dataLayer ??= []).push(calls.dataLayer);
      if (typeof window.gtag === 'function') window.gtag(...calls.gtag);
      if (typeof window.analytics?.track === 'function') window.analytics.track(...calls.segment);
    }
    for (const [event, hook] of hooks) if (event === 'exposure') tell(hook, exposure);
  }
}

const handed = window.kindlingParts?.forward;
if (handed) forward(handed);
