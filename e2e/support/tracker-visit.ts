import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser } from './browser';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import type { Api } from './flows';

// A visitor on a customer's page that carries the tracker snippet, as the tracker browser
// tests see one: what each frame painted and what the page posted to /api/collect.

/** A customer's site: a host name with a TLD, mapped to loopback inside Chromium only. */
export const SHOP_HOST = 'shop.kindling.test';
/** The comment in the tracker fixtures that the fixture server replaces with the snippet. */
export const SNIPPET_PLACEHOLDER = '<!-- kindling-snippet -->';
/** The collect route drops headless browsers as bots; a visitor's browser says this. */
export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/143.0 Safari/537.36';
/** Where the tracker keeps its queue of unsent events (page-runtime's QUEUE_KEY). */
const QUEUE_KEY = 'kindling.q';

/** Chromium that resolves SHOP_HOST to loopback. */
export const launchShopBrowser = (): Promise<Browser> =>
  launchBrowser([`--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1`]);

/** A fixture page's address on the shop's host name. */
export const shopUrlOf = (fixtures: FixtureServer, name: string): string =>
  `http://${SHOP_HOST}:${new URL(fixtures.origin).port}/${name}`;

export interface Shown {
  /** The text, white space collapsed. */
  text: string;
  visible: boolean;
}

/** What one animation frame painted of the fixtures' headline, lead paragraph and hero image. */
export interface Frame {
  t: number;
  h1: Shown | null;
  lead: Shown | null;
  /** `text` is the file the image paints: its current request's, while a new one loads. */
  hero: Shown | null;
}

export interface Posted {
  events: Record<string, unknown>[];
  status: number;
  /** The server's answer: 202 {accepted, duplicates}. */
  answer: { accepted: number; duplicates: number } | undefined;
}

/**
 * Runs before any script of the page: pins the visitor id when one is given (so the bucket is
 * known from the public hash) and samples, in every animation frame, what the frame paints: a
 * requestAnimationFrame callback sees the DOM and styles that the following paint shows.
 */
function probe({ host, visitorId }: { host: string; visitorId: string | undefined }) {
  if (location.hostname !== host) return;
  if (visitorId) localStorage.setItem('kindling.vid', visitorId);
  const frames: Frame[] = [];
  (window as unknown as { __frames: Frame[] }).__frames = frames;
  const shown = (selector: string) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const style = getComputedStyle(element);
    return {
      text:
        element instanceof HTMLImageElement
          ? element.currentSrc.split('/').pop()!
          : (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
      visible: style.visibility !== 'hidden' && style.opacity !== '0' && style.display !== 'none',
    };
  };
  const sample = () => {
    frames.push({
      t: performance.now(),
      h1: shown('h1'),
      lead: shown('.lead'),
      hero: shown('.hero img'),
    });
    if (frames.length < 600) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

export interface VisitOptions {
  /** Pins the visitor id; without it the tracker draws its own. */
  visitorId?: string;
  /** Holds the tracker config this long on its way. */
  delayConfigMs?: number;
  /**
   * Headers a proxy in front of Kindling adds to the config request, e.g. the visitor's country
   * in GEO_HEADER (added on the way, so the page's cross-origin fetch needs no preflight).
   */
  configHeaders?: Record<string, string>;
  doNotTrack?: boolean;
  /** The site's host name the probe samples frames on; SHOP_HOST unless said. */
  host?: string;
  /** A desktop Chrome's unless said (a phone's, for audiences). */
  userAgent?: string;
  /** Runs before the page's scripts, e.g. `kindling('set', ...)` as a site's own code would. */
  before?: string;
  /** Holds the site's requests whose address ends with a key this many ms (a slow file). */
  slowFiles?: Record<string, number>;
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every POST /api/collect answered so far, in the order the answers came. */
  posted: Posted[];
  /** POSTs to /api/collect sent so far, answered or not. */
  requested(): number;
  /**
   * The events of every POST to /api/collect sent so far, answered or not: a page's last
   * batch, sent as the browser leaves it, has no answer the test can read.
   */
  beacons: Record<string, unknown>[];
  warnings: string[];
}

/** A new visitor (fresh browser context) opens `url`. */
export async function visitShop(
  browser: Browser,
  url: string,
  options: VisitOptions = {},
): Promise<Visit> {
  const context = await browser.newContext({
    userAgent: options.userAgent ?? DESKTOP_UA,
    viewport: { width: 1440, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  if (options.before) await context.addInitScript({ content: options.before });
  await context.addInitScript(probe, {
    host: options.host ?? SHOP_HOST,
    visitorId: options.visitorId,
  });
  if (options.doNotTrack) {
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
    );
  }
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  if (options.delayConfigMs || options.configHeaders) {
    const { delayConfigMs: delay = 0, configHeaders } = options;
    await page.route('**/api/tracker/*/config.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      const headers = configHeaders && { ...route.request().headers(), ...configHeaders };
      await route.continue(headers ? { headers } : undefined);
    });
  }
  for (const [ending, ms] of Object.entries(options.slowFiles ?? {})) {
    await page.route(`**/*${ending}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    });
  }
  const posted: Posted[] = [];
  let requested = 0;
  const isCollect = (address: string) => address.endsWith('/api/collect');
  const beacons: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (!isCollect(request.url()) || request.method() !== 'POST') return;
    requested += 1;
    beacons.push(...(JSON.parse(request.postData() ?? '{}') as Posted).events);
  });
  page.on('requestfinished', (request) => {
    if (!isCollect(request.url()) || request.method() !== 'POST') return;
    request
      .response()
      .then(async (response) =>
        posted.push({
          events: (JSON.parse(request.postData() ?? '{}') as Posted).events,
          status: response?.status() ?? 0,
          answer: (await response?.json()) as Posted['answer'],
        }),
      )
      // A page the test already closed (its last beacon's answer cannot be read any more).
      .catch(() => undefined);
  });
  await page.goto(url);
  return { context, page, posted, requested: () => requested, beacons, warnings };
}

export const framesOf = (page: Page): Promise<Frame[]> =>
  page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);

/** Every event of this type the page posted. */
export const sent = (posted: readonly Posted[], type: string): Record<string, unknown>[] =>
  posted.flatMap((post) => post.events.filter((event) => event.type === type));

/**
 * Waits until the visitor has nothing left to send: the tracker's queue is empty and every
 * POST to /api/collect has its answer (the queue empties only once the server took a batch).
 */
export async function sentEverything(visit: Visit): Promise<void> {
  await expect
    .poll(
      async () => {
        const queued = await visit.page.evaluate((key) => localStorage.getItem(key), QUEUE_KEY);
        return { queued, unanswered: visit.requested() - visit.posted.length };
      },
      { timeout: 15_000, interval: 50 },
    )
    .toEqual({ queued: null, unanswered: 0 });
}

/** The fixture pages as a customer's site: the team's tracker tag in place of the placeholder. */
export async function startTaggedShop(api: Api, team: string): Promise<FixtureServer> {
  const { html } = await api.call<{ html: string }>('GET', `/team/${team}/tracker/snippet`);
  return startFixtureServer({ substitutions: { [SNIPPET_PLACEHOLDER]: html } });
}

/**
 * A campaign on the shop's landing page whose one element is the hero photo (lamp.png), with
 * one variant showing the shop's `variantFile` instead. Answers its id.
 */
export async function createHeroPhotoCampaign(
  api: Api,
  team: string,
  fixtures: FixtureServer,
  { name, variantFile }: { name: string; variantFile: string },
): Promise<number> {
  const { id } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
    name,
    ingestedUrl: shopUrlOf(fixtures, 'tracker-landing.html'),
    isEnabled: true,
    elements: [
      {
        id: -1,
        key: 'hero',
        selector: '.hero img',
        type: 'image',
        control: { info: { src: shopUrlOf(fixtures, 'lamp.png') } },
        variants: [
          {
            id: -2,
            key: 'photo',
            type: 'image',
            isEnabled: true,
            info: { src: shopUrlOf(fixtures, variantFile) },
          },
        ],
      },
    ],
    goals: [],
  });
  return id;
}
