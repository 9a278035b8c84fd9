import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import { PLANNER_PAGE } from '../apps/server/test/planner-page';
import { launchBrowser } from './support/browser';
import { newPerson, SCREEN_SIZES, signUpWithTeam } from './support/flows';

// Issue 34, finding 1: behind TRUST_PROXY without PUBLIC_URL, an attacker's forged
// X-Forwarded-Host must not reach other visitors through a shared cache (a CDN, nginx
// proxy_cache) in front of Kindling. The cache here is a Playwright route that keeps what a
// shared cache may keep (`public`, not `private` or `no-store`) and keys it by URL alone, as
// nginx's default proxy_cache_key does.
const ATTACKER = 'attacker.example';

interface Cached {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function sharedCache() {
  const stored = new Map<string, Cached>();
  const serve = async (route: Route) => {
    const url = route.request().url();
    const hit = stored.get(url);
    if (hit) return route.fulfill(hit);
    const response = await route.fetch();
    const body = await response.body();
    const control = response.headers()['cache-control'] ?? '';
    if (/\bpublic\b/.test(control) && !/\b(private|no-store)\b/.test(control)) {
      stored.set(url, { status: response.status(), headers: response.headers(), body });
    }
    return route.fulfill({ response, body });
  };
  return { stored, serve };
}

describe('a forged X-Forwarded-Host and a shared cache (issue 34)', () => {
  let server: ServerProcess;
  let dataDir: string;
  let browser: Browser;
  let team: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-cache-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    if (!server.healthy) throw new Error(`server did not start:\n${server.output()}`);
    browser = await launchBrowser();
    let api;
    ({ api, team } = await signUpWithTeam(server.url, {
      person: newPerson('Petra Proxy', 'cache-poisoning'),
      teamName: 'Cache Shop',
    }));
    const { id } = await api.call<{ id: number }>('POST', `/team/${team}/pages`, {
      slug: 'launch',
      content: PLANNER_PAGE,
    });
    await api.call('POST', `/team/${team}/pages/${id}/publish`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("never serves the attacker's script to the next visitor", async () => {
    const cache = sharedCache();
    const attackerHits: string[] = [];
    const contextFor = async (headers: Record<string, string>): Promise<BrowserContext> => {
      const context = await browser.newContext({
        viewport: SCREEN_SIZES.desktop,
        extraHTTPHeaders: headers,
      });
      await context.route(`${server.url}/**`, cache.serve);
      await context.route(`http://${ATTACKER}/**`, (route) => {
        attackerHits.push(route.request().url());
        return route.fulfill({
          contentType: 'text/javascript',
          body: 'window.pwned = JSON.stringify(localStorage);',
        });
      });
      return context;
    };
    const pageUrl = `${server.url}/p/${team}/launch`;

    // The attacker asks through the cache with a forged host: the page and the tracker.
    const attacker = await contextFor({ 'x-forwarded-host': ATTACKER });
    const attackerPage = await attacker.newPage();
    await attackerPage.goto(pageUrl, { waitUntil: 'load' });
    await attackerPage.goto(`${server.url}/api/tracker/${team}.js`);
    await attacker.close();
    expect(attackerHits.length).toBeGreaterThan(0); // the forged answer did name the attacker
    attackerHits.length = 0;

    // The next visitor, an ordinary browser, through the same cache.
    const visitor = await contextFor({});
    const page = await visitor.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(pageUrl, { waitUntil: 'load' });
    await expect
      .poll(() => scripts, { timeout: 5_000 })
      .toContain(`${server.url}/api/tracker/${team}.js`);
    expect(await page.locator('h1').textContent()).toBe(PLANNER_PAGE.headline);
    expect(await page.evaluate(() => (window as { pwned?: string }).pwned)).toBeUndefined();
    expect(attackerHits).toEqual([]);
    expect([...cache.stored.keys()]).toEqual([]);
    await visitor.close();
  });
});
