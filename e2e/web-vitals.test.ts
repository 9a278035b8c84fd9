import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { launchBrowser } from './support/browser';
import {
  createHeroPhotoCampaign,
  DESKTOP_UA,
  SHOP_HOST,
  shopUrlOf,
  startTaggedShop,
} from './support/tracker-visit';

// Issue 30, "done when": a browser test with a variant that adds a 400 ms layout-blocking image
// shows the slower LCP on that variant's row. Real visitors (fresh Chromium contexts) open a
// page carrying the team's tag; the tracker loads vitals.js after `load`, which reports LCP,
// CLS and INP to collect when the page goes away; the results page shows them per variant.

const baseUrl = inject('baseUrl');
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const SLOW_IMAGE = 'slow-lamp.png';
const IMAGE_DELAY_MS = 400;
/** page-runtime's HIDE_TIMEOUT_MS: after it, hidden elements show whatever happened. */
const HIDE_TIMEOUT_MS = 1000;

interface Saved {
  elements: { id: number; variants: { id: number }[] }[];
}

interface ArmVitals {
  samples: number;
  lcp: { median: number; p75: number; samples: number } | null;
}

describe('Web Vitals per variant', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let pageUrl: string;
  let campaignId: number;
  let elementId: number;
  let variantId: number;
  let lamp: Buffer;

  /** The vitals of the element's arms as the stats API answers them. */
  const vitals = async () => {
    const stats = await api.call<{
      elements: Record<string, { vitals: { variants: Record<string, ArmVitals> } }>;
    }>('POST', `/team/${team}/campaign/stats`, {
      id: campaignId,
      range: {
        start: new Date(Date.now() - 86_400_000).toISOString(),
        end: new Date(Date.now() + 3_600_000).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });
    return stats.elements[String(elementId)]!.vitals.variants;
  };

  /** Page views that reported vitals, all arms. */
  const reportedSamples = async () =>
    Object.values(await vitals()).reduce((sum, arm) => sum + arm.samples, 0);

  /**
   * One visitor: opens the page, stays until vitals.js has loaded (after `load`, so after the
   * hero image painted), then leaves, which hides the page and sends the vitals. Answers the arm
   * the tracker assigned, or null for a visitor whose config came after the anti-flicker limit
   * (a loaded machine): its page showed the original whatever its arm, which is not what this
   * test measures, so its vitals are not sent.
   */
  async function visit(): Promise<string | null> {
    const context = await browser.newContext({
      userAgent: DESKTOP_UA,
      viewport: { width: 1440, height: 900 },
    });
    context.setDefaultTimeout(15_000);
    // The variant's image: the site answers it 400 ms late.
    await context.route(`**/${SLOW_IMAGE}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, IMAGE_DELAY_MS));
      await route.fulfill({ status: 200, contentType: 'image/png', body: lamp });
    });
    const visitor = await context.newPage();
    const exposure = visitor.waitForRequest(
      (request) =>
        request.url().endsWith('/api/collect') && (request.postData() ?? '').includes('exposure'),
    );
    const script = visitor.waitForResponse((response) => response.url().endsWith('/vitals.js'));
    await visitor.goto(pageUrl);
    const sent = JSON.parse((await exposure).postData() ?? '{}') as {
      events: { type: string; assignments?: Record<string, number | 'control'> }[];
    };
    expect((await script).status()).toBe(200);
    await visitor.waitForFunction(
      () => !!(window as { kindlingParts?: { vitals?: unknown } }).kindlingParts?.vitals,
    );
    // The variant's image can still be on its way: a config that came after `load` swapped it
    // then, and vitals.js came at once. Like a visitor who stays until the hero showed, leave
    // once it is the page's largest paint.
    await heroPainted(visitor);
    // web-vitals reads the buffered entries as it starts: give it a frame or two.
    await visitor.waitForTimeout(300);
    const arm = sent.events.find((event) => event.type === 'exposure')!.assignments![elementId];
    if (await configCameLate(visitor)) {
      await visitor.evaluate(() => {
        navigator.sendBeacon = () => true;
      });
      await context.close();
      return null;
    }
    const before = await reportedSamples();
    // Leaving the page hides it: vitals.js sends its figures with sendBeacon.
    await visitor.goto('about:blank');
    await expect.poll(reportedSamples, { timeout: 10_000 }).toBe(before + 1);
    await context.close();
    return String(arm);
  }

  /** Resolves once the browser's latest LCP entry is the hero image at its current address. */
  const heroPainted = (visitor: Page) =>
    visitor.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const hero = document.querySelector<HTMLImageElement>('.hero img')!;
          const latest = (list: PerformanceObserverEntryList) =>
            list.getEntries().at(-1) as LargestContentfulPaint | undefined;
          setTimeout(() => reject(new Error(`${hero.currentSrc} was never painted`)), 10_000);
          new PerformanceObserver((list, observer) => {
            if (latest(list)?.url !== hero.currentSrc) return;
            observer.disconnect();
            resolve();
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );

  /** The anti-flicker timer starts when the tracker script runs, after it has arrived. */
  const configCameLate = (visitor: Page) =>
    visitor.evaluate((limit) => {
      const ends = (pattern: RegExp) =>
        (
          performance
            .getEntriesByType('resource')
            .find((entry) => pattern.test(entry.name)) as PerformanceResourceTiming
        ).responseEnd;
      return ends(/\/config\.json$/) >= ends(/\/api\/tracker\/[^/]+\.js$/) + limit;
    }, HIDE_TIMEOUT_MS);

  beforeAll(async () => {
    lamp = await readFile(path.join(FIXTURES, 'lamp.png'));
    // A request sent as the page goes away (the vitals beacon) carries the browser's own
    // User-Agent, not the page's override: HeadlessChrome, which collect drops as a bot.
    browser = await launchBrowser([
      `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1`,
      `--user-agent=${DESKTOP_UA}`,
    ]);
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Vita Speed', 'web-vitals'));
    team = await createTeamThroughUi(page, 'Lumen Speed');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    campaignId = await createHeroPhotoCampaign(api, team, fixtures, {
      name: 'Lamp photo',
      variantFile: SLOW_IMAGE,
    });
    const saved = await api.call<Saved>('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
    elementId = saved.elements[0]!.id;
    variantId = saved.elements[0]!.variants[0]!.id;
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('shows an honest empty state while no page view has reported', async () => {
    // One exposure, as a visitor's tracker sends it, and no vitals yet.
    const response = await fetch(`${baseUrl}/api/collect`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': DESKTOP_UA },
      body: JSON.stringify({
        events: [
          {
            type: 'exposure',
            id: crypto.randomUUID(),
            campaignId,
            visitorId: 'no-vitals-yet',
            sessionId: 'no-vitals-yet-s',
            ts: Date.now(),
            url: pageUrl,
            assignments: { [elementId]: 'control' },
            applied: {},
          },
        ],
      }),
    });
    expect(response.status).toBe(202);
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    const section = page.getByTestId('page-speed');
    await section.waitFor();
    await section.getByTestId('vitals-empty').waitFor();
    expect(await section.innerText()).toContain('No page speed figures yet');
    await section.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'web-vitals-empty');
  });

  it("shows the slower LCP on the variant's row", async () => {
    // Visitors until each arm has reported twice (the split is random, half and half).
    const reports = new Map<string, number>();
    for (let i = 0; i < 20; i += 1) {
      const arm = await visit();
      if (arm === null) continue;
      reports.set(arm, (reports.get(arm) ?? 0) + 1);
      if ((reports.get('control') ?? 0) >= 2 && (reports.get(String(variantId)) ?? 0) >= 2) break;
    }
    expect(reports.get('control')).toBeGreaterThanOrEqual(2);
    expect(reports.get(String(variantId))).toBeGreaterThanOrEqual(2);
    await expect
      .poll(
        async () => {
          const arms = await vitals();
          return [arms.control?.lcp?.samples ?? 0, arms[String(variantId)]?.lcp?.samples ?? 0];
        },
        { timeout: 15_000 },
      )
      .toEqual([reports.get('control'), reports.get(String(variantId))]);
    const arms = await vitals();
    // The variant waits 400 ms more for its image, the largest element.
    expect(arms[String(variantId)]!.lcp!.median - arms.control!.lcp!.median).toBeGreaterThan(300);

    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    const section = page.getByTestId('page-speed');
    await section.waitFor();
    const lcpOf = async (key: string) => {
      const text = await section
        .getByTestId(`vitals-row-${key}`)
        .locator('[data-metric="lcp"]')
        .innerText();
      const median = /^([\d,]+) ms \/ [\d,]+ ms$/.exec(text.trim())?.[1];
      return Number(median?.replace(/,/g, ''));
    };
    const original = await lcpOf('control');
    const slow = await lcpOf(String(variantId));
    expect(original).toBe(arms.control!.lcp!.median);
    expect(slow).toBe(arms[String(variantId)]!.lcp!.median);
    expect(slow - original).toBeGreaterThan(300);
    expect(await section.getByTestId(`vitals-row-${variantId}`).innerText()).toMatch(
      new RegExp(`Variant 1[\\s\\S]*${reports.get(String(variantId))} page views`),
    );
    await section.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'web-vitals-results');
  });

  it('sets the sampling on the results, and the tracker config follows', async () => {
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    const form = page.getByTestId('vitals-settings');
    await form.waitFor();
    await form.getByLabel('Web Vitals sampling').selectOption('fixed');
    const share = form.getByLabel('Share of page views (%)');
    await share.fill('150');
    await form.getByText('Web Vitals sampling is "auto", "off" or a whole percentage').waitFor();
    await share.fill('25');
    await form.getByLabel('LCP').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => api.call('GET', `/team/${team}/campaign/vitals?campaignId=${campaignId}`), {
        timeout: 10_000,
      })
      .toEqual({ sampling: 25, guardrails: ['lcp'] });
    await expect
      .poll(async () => {
        const response = await fetch(`${baseUrl}/api/tracker/${team}/config.json`);
        const config = (await response.json()) as { campaigns: { id: number; vitals?: number }[] };
        return config.campaigns.find((campaign) => campaign.id === campaignId)?.vitals;
      })
      .toBe(0.25);
    await form.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'web-vitals-settings');
  });
});
