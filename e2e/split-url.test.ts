import { otherSiteMessage, PAGE_MARK_SELECTOR } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { clickInPreview, previewFrame } from './support/preview-click';
import { createThroughReview } from './support/wizard-flow';
import { SHOP_HEADLINE, variantVisitor } from './support/headline-shop';
import {
  framesOf,
  DESKTOP_UA,
  launchShopBrowser,
  sent,
  shopUrlOf,
  startTaggedShop,
  visitShop,
  type Visit,
} from './support/tracker-visit';

// Issue 32, split-URL tests through the real tracker: a campaign whose variant is another
// address. Visitors of the original stay; visitors of the variant land on the variant page, with
// the campaign link's query and fragment, before the original paints; each sends one exposure;
// a goal reached on the variant page counts for the variant.

const baseUrl = inject('baseUrl');

interface Stats {
  elements: Record<
    string,
    { variants: Record<string, { overall: { cumulative: Record<string, number> } }> }
  >;
}

describe('a split-URL test', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let variantUrl: string;
  let campaignId: number;
  let elementId: number;
  let variantId: number;

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Sven Split', 'split-url'));
    team = await createTeamThroughUi(page, 'Split Lamps');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    variantUrl = shopUrlOf(fixtures, 'tracker-landing-v2.html');
    ({ id: campaignId } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'The new landing page',
      description: 'Split URL',
      ingestedUrl: pageUrl,
      isEnabled: true,
      elements: [
        {
          id: -1,
          key: 'page',
          selector: 'html',
          type: 'text',
          control: { info: { value: pageUrl } },
          variants: [
            {
              id: -2,
              key: 'v2',
              type: 'text',
              isEnabled: true,
              info: { value: '', redirect: variantUrl },
            },
          ],
        },
      ],
      goals: [
        {
          id: -3,
          isConversionGoal: true,
          event: {
            type: 2,
            name: 'Buy',
            elements: [{ id: 'buy', label: 'Buy', selector: '#buy' }],
          },
        },
      ],
    }));
    const saved = await api.call<{ elements: { id: number; variants: { id: number }[] }[] }>(
      'GET',
      `/team/${team}/campaign/by-id?id=${campaignId}`,
    );
    elementId = saved.elements[0]!.id;
    variantId = saved.elements[0]!.variants[0]!.id;
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  const stats = () =>
    api.call<Stats>('POST', `/team/${team}/campaign/stats`, {
      id: campaignId,
      range: {
        start: new Date(Date.now() - 86_400_000).toISOString(),
        end: new Date(Date.now() + 3_600_000).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });

  const headlineFrames = async (visit: Visit) =>
    (await framesOf(visit.page)).filter((frame) => frame.h1?.text === SHOP_HEADLINE);

  /**
   * Runs before the original page's scripts: in each animation frame, whether the frame shows
   * the original's headline (1) or not (0), kept in the tab's sessionStorage, which the variant
   * page (same site, same tab) can still read.
   */
  const recordOriginalFrames = `(() => {
    if (!location.pathname.endsWith('/tracker-landing.html')) return;
    const shown = [];
    const tick = () => {
      const h1 = document.querySelector('h1');
      if (h1) {
        shown.push(getComputedStyle(h1).visibility === 'hidden' ? 0 : 1);
        sessionStorage.setItem('originalFrames', JSON.stringify(shown));
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`;

  it('serves the page by its mark, in the tracker with the targeting part', async () => {
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: { elements: { selector: string; variants: { mutations: unknown[] }[] }[] }[];
    };
    const [element] = config.campaigns[0]!.elements;
    expect(element!.selector).toBe(PAGE_MARK_SELECTOR);
    expect(element!.variants[0]!.mutations).toEqual([
      { type: 'redirect', selector: 'html', url: variantUrl },
    ]);
    const script = await (await fetch(`${baseUrl}/api/tracker/${team}.js`)).text();
    expect(script).toContain('targeting.js');
    // The script hides the whole page of the test until it knows where the visitor goes.
    expect(script).toContain('"html"');
  });

  it('sends a variant visitor on with the query and fragment, before the original paints', async () => {
    const visitorId = await variantVisitor(baseUrl, team, campaignId, 'split');
    const visit = await visitShop(browser, `${pageUrl}?utm_source=news#buy`, {
      visitorId,
      before: recordOriginalFrames,
    });
    await visit.page.waitForURL(`${variantUrl}?utm_source=news#buy`);
    await visit.page.getByText('A lamp for every hour, redesigned').waitFor();
    // Whatever frames the original had before the browser left it, none showed its headline.
    const originalFrames = await visit.page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('originalFrames') ?? '[]'),
    );
    expect(originalFrames).not.toContain(1);
    expect(visit.page.url()).toBe(`${variantUrl}?utm_source=news#buy`);
    await visit.page.locator('#buy').click();
    // The exposure may leave with the original page (no answer to read) or from the queue here.
    const of = (type: string) => visit.beacons.filter((event) => event.type === type);
    await expect.poll(() => of('goal').length, { timeout: 15_000 }).toBe(1);
    // Sent as the original page is left and, unacknowledged there, again from the queue here:
    // one exposure (one id), which the server stores once (the views counted below).
    const exposures = of('exposure');
    expect(new Set(exposures.map((exposure) => exposure.id)).size).toBe(1);
    expect(exposures[0]!.assignments).toEqual({ [elementId]: variantId });
    expect((exposures[0]!.applied as Record<string, unknown>)[elementId]).toEqual(
      expect.any(Number),
    );
    const [goal] = of('goal');
    expect(goal).toMatchObject({ campaignId, url: `${variantUrl}?utm_source=news#buy` });
    await visit.context.close();
  });

  it('keeps a visitor of the original on the page, with one exposure', async () => {
    const visitorId = await variantVisitor(baseUrl, team, campaignId, 'stay', 'control');
    const visit = await visitShop(browser, pageUrl, { visitorId });
    await visit.page.getByText(SHOP_HEADLINE).waitFor();
    await expect.poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 }).toBe(1);
    expect(visit.page.url()).toBe(pageUrl);
    expect(sent(visit.posted, 'exposure')[0]!.assignments).toEqual({ [elementId]: 'control' });
    // The page shows once the tracker knows the visitor stays.
    await expect
      .poll(async () => (await headlineFrames(visit)).some((f) => f.h1!.visible))
      .toBe(true);
    await visit.context.close();
  });

  it('opens a preview link of the variant on the variant page, with the badge', async () => {
    await api.call('POST', `/team/${team}/feature-flags`, { flag: 'view_variant', enabled: true });
    const { url } = await api.call<{ url: string }>(
      'POST',
      `/team/${team}/campaign/variant-preview-link`,
      { campaignId, elementId, variantId },
    );
    const context = await browser.newContext({ userAgent: DESKTOP_UA });
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.waitForURL((address) => address.pathname === '/tracker-landing-v2.html');
    expect(new URL(tab.url()).searchParams.get('kindling_preview')).toBe(
      new URL(url).searchParams.get('kindling_preview'),
    );
    const badge = tab
      .locator('kindling-preview-badge')
      .getByRole('region', { name: 'Kindling preview' });
    await badge.waitFor();
    expect(await badge.innerText()).toContain('Kindling preview: Variant 1 of');
    await context.close();
  });

  it('counts the variant visitor and the goal on the variant page for the variant', async () => {
    await expect
      .poll(
        async () => {
          const arms = (await stats()).elements[String(elementId)]!.variants;
          const figures = (arm: string) => {
            const { views, visitors, conversions } = arms[arm]?.overall.cumulative ?? {};
            return { views, visitors, conversions };
          };
          return { variant: figures(String(variantId)), original: figures('control') };
        },
        { timeout: 15_000 },
      )
      .toEqual({
        variant: { views: 1, visitors: 1, conversions: 1 },
        original: { views: 1, visitors: 1, conversions: 0 },
      });
  });
});

describe('a split-URL test made in the wizard', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;

  const step = () => page.getByTestId('campaign-wizard').getAttribute('data-step');
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures);
    await signUpThroughUi(page, newPerson('Wanda Wizard', 'split-wizard'));
    team = await createTeamThroughUi(page, 'Split Wizard Lamps');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('offers it in the element step, refuses another site, and saves the address', async () => {
    const original = fixtureUrlOf(fixtures, 'tracker-landing.html');
    const other = fixtureUrlOf(fixtures, 'tracker-landing-v2.html');
    await page.goto(`/admin/${team}/campaign/new`);
    await page.getByLabel('Page URL', { exact: true }).fill(original);
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(step, { timeout: 15_000 }).toBe('ClosePopups');
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    await next();
    const help = page.getByRole('dialog', { name: 'How editing works' });
    await help.getByRole('button', { name: 'Start editing' }).click();
    await expect.poll(step).toBe('EditElements');
    await shotAtBothSizes(page, 'split-url-01-offered');

    await page.getByRole('button', { name: 'Test another address (split URL)' }).click();
    const editor = page.getByTestId('draft-editor');
    const address = editor.getByLabel('Variant 1 address', { exact: true });
    await address.fill('https://elsewhere.example/landing-v2');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor.getByText(otherSiteMessage(new URL(original).origin), { exact: true }).waitFor();
    await expect
      .poll(() => address.evaluate((input) => input === document.activeElement))
      .toBe(true);
    // Neither the text of an element nor its other changes: only where visitors go.
    expect(await editor.getByRole('switch', { name: 'Hide this element' }).count()).toBe(0);
    expect(await editor.getByText('Insert a block').count()).toBe(0);
    await shotAtBothSizes(page, 'split-url-02-refused');

    await address.fill(other);
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor.waitFor({ state: 'detached' });
    const menu = page.getByTestId('element-side-menu');
    await menu.getByRole('heading', { name: 'The whole page' }).waitFor();
    await menu.getByText(other).waitFor();
    await shotAtBothSizes(page, 'split-url-03-saved');
    await menu.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByText('it changes no element of the page').waitFor();

    await next();
    await expect.poll(step).toBe('EditGoals');
    await page.getByRole('button', { name: 'Add click goal' }).click();
    await clickInPreview(page, previewFrame(page).locator('#buy'));
    await page.getByTestId('goal-card').getByText('#buy').waitFor();
    await next();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Submit' }).click();
    await expect.poll(step).toBe('CampaignTypeSelection');
    await next();
    await expect.poll(step).toBe('Settings');
    await page.getByLabel('Campaign name').fill('The new landing page');
    await createThroughReview(page);
    await page.waitForURL(/\/campaign\/\d+$/);
    const id = Number(/\/campaign\/(\d+)$/.exec(page.url())?.[1]);
    const saved = await api.call<{
      elements: { selector: string; variants: { info: { redirect?: string } }[] }[];
    }>('GET', `/team/${team}/campaign/by-id?id=${id}`);
    expect(saved.elements).toHaveLength(1);
    expect(saved.elements[0]!.selector).toBe('html');
    expect(saved.elements[0]!.variants.map((variant) => variant.info.redirect)).toEqual([other]);
    await shotAtBothSizes(page, 'split-url-04-campaign');
  });
});
