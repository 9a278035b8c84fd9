import { VITALS_MAX, type VitalsMetric } from '@kindling/domain';
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { newId } from '../tracker/new-id';
import type { VitalsPage } from '../tracker/load-part';

// GET /api/tracker/{team}/vitals.js (issue 30): loaded by the tracker after `load` on a page
// view a campaign drew into its Web Vitals sample, outside the tracker's size budget. Google's
// `web-vitals` measures LCP, CLS and INP (buffered entries, so loading late misses nothing);
// the latest value of each is kept, and once the page is hidden one vitals event per sampled
// exposure goes to collect, as text/plain (a CORS simple request, no preflight), once.

type Values = Partial<Record<VitalsMetric, number>>;

/** The events to send: one per exposure; a metric the browser did not produce is left out. */
export function vitalsEvents(page: VitalsPage, values: Values, now: number, url: string) {
  const measured: Values = {};
  for (const [metric, value] of Object.entries(values) as [VitalsMetric, number][]) {
    // Past its bound collect would refuse the whole batch: that one figure is left out.
    if (Number.isFinite(value) && value >= 0 && value <= VITALS_MAX[metric]) {
      measured[metric] = metric === 'cls' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    }
  }
  if (Object.keys(measured).length === 0) return [];
  return page.exposures.map(({ campaignId, exposureId }) => ({
    type: 'vitals' as const,
    id: newId(),
    campaignId,
    exposureId,
    visitorId: page.visitorId,
    sessionId: page.sessionId,
    ts: now,
    url,
    ...(page.collectKey ? { collectKey: page.collectKey } : {}),
    ...measured,
  }));
}

function post(url: string, body: string): void {
  if (navigator.sendBeacon?.(url, body)) return;
  void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
}

/** `collectUrl`: /api/collect beside this script (the tracker's files are all Kindling's). */
function start(page: VitalsPage, collectUrl: string): void {
  const values: Values = {};
  const keep = (metric: VitalsMetric) => (report: Metric) => {
    values[metric] = report.value;
  };
  // Every change: the values are current whenever the page goes away.
  onLCP(keep('lcp'), { reportAllChanges: true });
  onCLS(keep('cls'), { reportAllChanges: true });
  onINP(keep('inp'), { reportAllChanges: true });
  let sent = false;
  const send = () => {
    if (sent) return;
    const events = vitalsEvents(page, values, Date.now(), location.href);
    if (events.length === 0) return;
    sent = true;
    post(collectUrl, JSON.stringify({ events }));
  };
  // Not captured: web-vitals flushes its own figures on the capture phase of the same event.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  addEventListener('pagehide', send);
}

const page = window.kindlingParts?.vitals;
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src;
if (page?.exposures.length && scriptUrl) {
  start(page, scriptUrl.replace(/\/api\/tracker\/.*/, '/api/collect'));
}
