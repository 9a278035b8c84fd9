import type { Browser } from 'playwright-core';
import { textMismatches } from './changes';

/** The collect route drops headless browsers as bots; a visitor's browser says this. */
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/143.0 Safari/537.36';
/**
 * After the load event: our tracker sends its exposure 300 ms after DOMContentLoaded, and either
 * tool may still be working; the window closes on the same clock for every variant.
 */
const SETTLE_MS = 1500;

export interface LoadSample {
  /** Renderer main thread, navigation start to settled (CDP Performance TaskDuration). */
  taskMs: number;
  /** Of which running JavaScript (ScriptDuration). */
  scriptMs: number;
  /** Of which style recalculation and layout (RecalcStyleDuration + LayoutDuration). */
  styleLayoutMs: number;
  /** Largest contentful paint, from navigation start. */
  lcpMs: number;
  /** The element LCP reported last, e.g. "IMG" or "H1". */
  lcpElement: string;
  /** Elements that kept their original (async install only; 0 otherwise). */
  kept: number;
}

export interface LoadOptions {
  url: string;
  /** Pinned as our visitor id before any script runs (harmless on the other variants). */
  visitorId: string;
  /** Each selector's text once the page has settled: throws when one differs. */
  expected: { selector: string; expected: string }[];
  /**
   * The async install: an element may also keep its original (`original`, shown before the
   * tracker came, so never swapped); counted in `kept`. Any other text still throws.
   */
  originals?: { selector: string; expected: string }[];
  /** Host names the page may reach: anything else is reported as an error. */
  allowedHosts: string[];
}

declare global {
  interface Window {
    __lcp?: { startTime: number; element: string };
  }
}

/** Before any script of the page: pin the visitor, record the LCP candidates. */
function setUp(visitorId: string) {
  localStorage.setItem('kindling.vid', visitorId);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as LargestContentfulPaint[]) {
      const element = entry.element;
      window.__lcp = {
        startTime: entry.startTime,
        element: element
          ? element.tagName + (element.className ? `.${element.className}` : '')
          : '?',
      };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

const metric = (metrics: { name: string; value: number }[], name: string) => {
  const found = metrics.find((entry) => entry.name === name);
  if (!found) throw new Error(`CDP Performance has no ${name}`);
  return found.value * 1000;
};

/** One fresh visit (new context: no cache, no storage) of `url`, measured. */
export async function measureLoad(browser: Browser, options: LoadOptions): Promise<LoadSample> {
  const context = await browser.newContext({
    userAgent: DESKTOP_UA,
    viewport: { width: 1440, height: 900 },
  });
  try {
    await context.addInitScript(setUp, options.visitorId);
    const page = await context.newPage();
    const strays: string[] = [];
    page.on('request', (request) => {
      const { hostname, protocol } = new URL(request.url());
      if (protocol !== 'data:' && !options.allowedHosts.includes(hostname)) {
        strays.push(request.url());
      }
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const before = (await cdp.send('Performance.getMetrics')).metrics;
    await page.goto(options.url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const after = (await cdp.send('Performance.getMetrics')).metrics;
    const lcp = await page.evaluate(() => window.__lcp);
    const differ = await page.evaluate(textMismatches, options.expected);
    // An element that differs from the variant may only hold its original.
    const missed = options.originals
      ? await page.evaluate(
          textMismatches,
          options.originals.filter(({ selector }) => differ.some((d) => d.selector === selector)),
        )
      : differ;
    const kept = differ.length - missed.length;
    if (missed.length) {
      throw new Error(`${options.url}: not as expected: ${JSON.stringify(missed)}`);
    }
    if (strays.length)
      throw new Error(`${options.url} reached beyond loopback: ${strays.join(', ')}`);
    if (lcp === undefined) throw new Error(`${options.url}: no largest-contentful-paint entry`);
    const spent = (name: string) => metric(after, name) - metric(before, name);
    return {
      taskMs: spent('TaskDuration'),
      scriptMs: spent('ScriptDuration'),
      styleLayoutMs: spent('RecalcStyleDuration') + spent('LayoutDuration'),
      lcpMs: lcp.startTime,
      lcpElement: lcp.element,
      kept,
    };
  } finally {
    await context.close();
  }
}
