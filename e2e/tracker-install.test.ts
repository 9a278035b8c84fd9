import { assignCampaigns, type BucketingCampaign } from '@kindling/domain';
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
import { startHeadlineShop } from './support/headline-shop';
import { DESKTOP_UA, launchShopBrowser, SHOP_HOST } from './support/tracker-visit';

const baseUrl = inject('baseUrl');

describe('installing the tracker tag: copy it, then check it was seen', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer | undefined;
  let slug: string;
  let campaignId: number;
  let pageUrl: string;

  const card = () => page.getByTestId('install-tracker');
  const result = () => card().getByTestId('installation-result');

  beforeAll(async () => {
    browser = await launchShopBrowser();
    let context;
    ({ page, context } = await newPage(browser, baseUrl));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpThroughUi(page, newPerson('Ada Installer', 'install'));
    slug = await createTeamThroughUi(page, 'Tag Fitters');
    const api = await Api.of(page, baseUrl);
    ({ fixtures, pageUrl, campaignId } = await startHeadlineShop(api, slug, {
      description: 'Installation check',
      variants: [{ key: 'sun', value: 'Light that moves with the sun' }],
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('shows the tag on the campaign page and copies it, the default or the async one', async () => {
    await page.goto(`/admin/${slug}/campaign/${campaignId}`);
    const snippet = card().getByTestId('tracker-snippet');
    const base = `${baseUrl}/api/tracker/${slug}`;
    const preload = `<link rel="preload" href="${base}/config.json" as="fetch" crossorigin>`;
    await expect
      .poll(() => snippet.textContent())
      .toBe(`${preload}<script src="${base}.js"></script>`);
    await expect.poll(() => card().textContent()).toContain('Paste the tag into the <head>');
    const modes = card().getByTestId('tracker-snippet-mode');
    expect(await modes.textContent()).toContain(
      'Visitors never see the original flash before their variant. The page waits for Kindling to answer, so a slow Kindling slows the page.',
    );
    expect(await modes.textContent()).toContain(
      'The page never waits for Kindling, even when it is slow or down. On a visitor’s first page view, what shows before Kindling answers keeps its original and is counted as missed.',
    );
    await card().getByRole('button', { name: 'Copy tag' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${preload}<script src="${base}.js"></script>`);

    await modes.getByLabel('Async tag').check();
    await expect.poll(() => snippet.textContent()).toContain(`k.src="${base}.js";k.async=!0;`);
    expect(await snippet.textContent()).not.toContain('<script src=');
    await shotAtBothSizes(page, 'tracker-install-async-tag');
    await card().getByRole('button', { name: 'Copy tag' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain(`k.src="${base}.js";k.async=!0;`);
    await modes.getByLabel('Default tag').check();
    await expect.poll(() => snippet.textContent()).toContain(`<script src="${base}.js">`);
  });

  it('says the tag was not seen before any visit, naming the page', async () => {
    await card().getByRole('button', { name: 'Check installation' }).click();
    await expect.poll(() => result().textContent()).toContain('Not seen yet');
    expect(await result().textContent()).toContain(
      `No visit has been reported from ${SHOP_HOST}:${new URL(pageUrl).port}/tracker-landing.html.`,
    );
    await shotAtBothSizes(page, 'tracker-install-not-seen');
  });

  /** A visit by a pinned visitor id, until the tracker's exposure was acknowledged. */
  async function visitAs(visitorId: string): Promise<void> {
    const visitor = await browser.newContext({ userAgent: DESKTOP_UA });
    await visitor.addInitScript((id) => localStorage.setItem('kindling.vid', id), visitorId);
    const shop = await visitor.newPage();
    const collected = shop.waitForResponse(
      (response) => response.url().endsWith('/api/collect') && response.status() === 202,
    );
    await shop.goto(pageUrl);
    await collected;
    await visitor.close();
  }

  /** The first visitor id the public hash puts in `arm` of the headline. */
  async function visitorIn(arm: 'control' | 'variant'): Promise<string> {
    const config = (await (await fetch(`${baseUrl}/api/tracker/${slug}/config.json`)).json()) as {
      campaigns: BucketingCampaign[];
    };
    const element = config.campaigns[0]!.elements[0]!;
    const wanted = arm === 'control' ? 'control' : element.variants[0]!.id;
    for (let i = 0; ; i += 1) {
      if (
        assignCampaigns(`install-${i}`, config.campaigns).get(campaignId)?.[element.id] === wanted
      ) {
        return `install-${i}`;
      }
    }
  }

  it('reports the visit once a visitor opened the page with the tag', async () => {
    await visitAs(await visitorIn('variant'));

    await card().getByRole('button', { name: 'Check installation' }).click();
    await expect.poll(() => result().textContent()).toContain('Installed');
    expect(await result().textContent()).toMatch(
      new RegExp(
        `Last visit reported (just now|\\d+ seconds ago) on ${SHOP_HOST}:\\d+/tracker-landing\\.html\\.`,
      ),
    );
    await shotAtBothSizes(page, 'tracker-install-seen');
  });

  it('shows in the results how often each variant rendered, and how fast', async () => {
    await visitAs(await visitorIn('control'));
    await page.reload();
    // Two views are too few for results: the page says so in place, with no dialog in the way,
    // and shows no uplift, only the visitors still needed (99 more in each arm).
    const notEnough = page.getByTestId('not-enough-data-notice');
    await expect.poll(() => notEnough.isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const rows = page.getByTestId('results').locator('tr[data-testid^="arm-"]');
    await expect.poll(() => rows.count()).toBe(2);
    const cells = async (index: number) =>
      (await rows.nth(index).locator('th, td').allInnerTexts()).map((text) =>
        text.replace(/\s+/g, ' ').trim(),
      );
    const [original, variant] = [await cells(0), await cells(1)];
    expect(original.slice(0, 3)).toEqual([
      'Original The desk lamp that follows your day',
      '1',
      '1',
    ]);
    expect(original[5]).toBe('—');
    expect(variant.slice(0, 3)).toEqual(['Variant 1 Light that moves with the sun', '1', '1']);
    expect(variant[4]).toBe('— needs 198 more visitors');
    expect(variant[5]).toMatch(/^Rendered for 100% · \d{1,4} ms$/);
    const views = page.getByTestId('headline-rawConversionsPerView');
    expect(await views.textContent()).toContain('0.0%');
    await rows.first().scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'campaign-delivery');
  });

  it('offers the same tag and check in team settings', async () => {
    await page.goto(`/admin/${slug}/settings/team`);
    await expect
      .poll(() => card().getByTestId('tracker-snippet').textContent())
      .toContain(`<script src="${baseUrl}/api/tracker/${slug}.js"></script>`);
    expect(await card().textContent()).toContain('every page you test');
    await card().getByTestId('tracker-snippet-mode').getByLabel('Async tag').check();
    await expect
      .poll(() => card().getByTestId('tracker-snippet').textContent())
      .toContain(`k.src="${baseUrl}/api/tracker/${slug}.js";k.async=!0;`);
    await card().getByRole('button', { name: 'Check installation' }).click();
    await expect.poll(() => result().textContent()).toContain('Installed');
    await shotAtBothSizes(page, 'tracker-install-settings');
  });
});
