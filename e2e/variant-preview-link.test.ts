import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  isChecked,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
  VIEWPORT,
} from './support/flows';
import { PLANNER_PAGE } from '../apps/server/test/planner-page';
import { createHeadlineCampaign, SHOP_HEADLINE, startHeadlineShop } from './support/headline-shop';
import {
  DESKTOP_UA,
  launchShopBrowser,
  sentEverything,
  shopUrlOf,
  visitShop,
} from './support/tracker-visit';

const baseUrl = inject('baseUrl');

const ORIGINAL = SHOP_HEADLINE;
const VARIANT_1 = 'Light that moves with the sun';
const VARIANT_2 = 'A lamp that knows what time it is';

describe('variant preview links: "View on live page" shows one variant, counted nowhere', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let preview: Page;
  let fixtures: FixtureServer | undefined;
  let api: Api;
  let slug: string;
  let campaignId: number;
  let pageUrl: string;
  /** POSTs to /api/collect from the person's browser (the app and every tab it opens). */
  const collected: string[] = [];

  const counts = () =>
    api.call<unknown>('GET', `/team/${slug}/tracker/counts?campaignId=${campaignId}`);
  const badge = (tab: Page) =>
    tab.locator('kindling-preview-badge').getByRole('region', { name: 'Kindling preview' });
  const headline = (tab: Page) => tab.locator('h1').innerText();
  /** A preview link to the first variant of the campaign's first element. */
  const firstVariantLink = async (id: number) => {
    const loaded = await api.call<{ elements: { id: number; variants: { id: number }[] }[] }>(
      'GET',
      `/team/${slug}/campaign/by-id?id=${id}`,
    );
    const element = loaded.elements[0]!;
    const { url } = await api.call<{ url: string }>(
      'POST',
      `/team/${slug}/campaign/variant-preview-link`,
      { campaignId: id, elementId: element.id, variantId: element.variants[0]!.id },
    );
    return url;
  };

  beforeAll(async () => {
    browser = await launchShopBrowser();
    // A person's real browser (not a headless user agent, which collect drops as a bot): once
    // they leave the preview, their visit must count like anyone's.
    context = await browser.newContext({
      baseURL: baseUrl,
      viewport: VIEWPORT,
      userAgent: DESKTOP_UA,
    });
    context.setDefaultTimeout(15_000);
    context.on('request', (request) => {
      if (request.url().endsWith('/api/collect') && request.method() === 'POST') {
        collected.push(request.url());
      }
    });
    page = await context.newPage();
    await signUpThroughUi(page, newPerson('Vera Previewer', 'viewlink'));
    slug = await createTeamThroughUi(page, 'Lumen Lamps');
    api = await Api.of(page, baseUrl);
    ({ fixtures, pageUrl, campaignId } = await startHeadlineShop(api, slug, {
      description: 'Preview link check',
      variants: [
        { key: 'sun', value: VARIANT_1 },
        { key: 'time', value: VARIANT_2 },
      ],
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('has one real visit counted, so the statistics compared below are not empty', async () => {
    const visitor = await visitShop(browser, pageUrl, { visitorId: 'viewlink-real-1' });
    // The queue is empty before the tracker even started, too: wait for the exposure first.
    await expect
      .poll(() => visitor.posted.flatMap((post) => post.events).length, { timeout: 15_000 })
      .toBe(1);
    await sentEverything(visitor);
    await visitor.context.close();
    await expect
      .poll(() => counts(), { timeout: 15_000 })
      .toMatchObject({ arms: [{ visitors: 1 }] });
  });

  it('has no "View on live page" until the Labs flag is on', async () => {
    await page.goto(`/admin/${slug}/campaign/${campaignId}`);
    const contents = page.getByTestId('campaign-contents');
    await contents.getByText(VARIANT_2).waitFor();
    expect(await contents.getByRole('button', { name: /View on live page/ }).count()).toBe(0);
  });

  it('turns "View variant" on under Settings → Team → Labs features', async () => {
    await page.goto(`/admin/${slug}/settings/team`);
    const flag = page.getByRole('switch', { name: 'View variant' });
    expect(await isChecked(flag)).toBe(false);
    await flag.click();
    await expect.poll(() => isChecked(flag), { timeout: 15_000 }).toBe(true);
    await page.getByText('View variant enabled').waitFor();
  });

  it('opens Variant 2 on the live page with the badge, and sends nothing', async () => {
    const before = await counts();
    const sentBefore = collected.length;

    await page.goto(`/admin/${slug}/campaign/${campaignId}`);
    // One view is too few for results: the page says so in place, with no dialog in the way.
    await page.getByTestId('not-enough-data-notice').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const contents = page.getByTestId('campaign-contents');
    const original = contents.getByRole('button', {
      name: 'View on live page: Original of Text 1',
    });
    await original.waitFor();
    await contents.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'variant-preview-campaign-contents');
    // The results rows offer the same link.
    const rows = page.getByTestId('results').locator('tr[data-testid^="arm-"]');
    expect(
      await rows
        .first()
        .getByRole('button', { name: /^View on live page: / })
        .count(),
    ).toBe(1);
    const button = contents.getByRole('button', {
      name: 'View on live page: Variant 2 of Text 1',
    });
    [preview] = await Promise.all([context.waitForEvent('page'), button.click()]);
    await preview.waitForURL(/kindling_preview=/);
    expect(new URL(preview.url()).pathname).toBe('/tracker-landing.html');

    await expect.poll(() => headline(preview), { timeout: 15_000 }).toBe(VARIANT_2);
    await badge(preview).waitFor();
    expect(await badge(preview).innerText()).toContain('Kindling preview: Variant 2 of Text 1');
    expect(await preview.evaluate(() => sessionStorage.getItem('kindling.preview'))).toBe(
      new URL(preview.url()).searchParams.get('kindling_preview'),
    );
    // The page's own CSS cannot reach inside the badge (shadow root): restyling every button
    // on the page leaves "Leave preview" as it was.
    await preview.addStyleTag({ content: 'button{display:none!important}' });
    expect(await badge(preview).getByRole('button', { name: 'Leave preview' }).isVisible()).toBe(
      true,
    );
    await shotAtBothSizes(preview, 'variant-preview-badge');

    // Navigating within the site keeps the preview for this tab.
    await preview.goto(pageUrl);
    await expect.poll(() => headline(preview), { timeout: 15_000 }).toBe(VARIANT_2);
    await badge(preview).waitFor();

    // Nothing was sent, and the statistics did not move.
    await preview.waitForTimeout(1500);
    expect(collected.length).toBe(sentBefore);
    expect(await counts()).toEqual(before);
  });

  it('"Leave preview" reloads without the parameter, and the tracker then counts as usual', async () => {
    const before = (await counts()) as { arms: { visitors: number }[] };
    await badge(preview).getByRole('button', { name: 'Leave preview' }).click();
    await expect
      .poll(async () => (await badge(preview).count()) === 0 && preview.url(), { timeout: 15_000 })
      .toBe(pageUrl);
    expect(await preview.evaluate(() => sessionStorage.getItem('kindling.preview'))).toBeNull();
    // The reloaded page may still be loading (or hiding its headline until the tracker's
    // answer) when the badge is gone: wait for the headline to show.
    await expect
      .poll(async () => [ORIGINAL, VARIANT_1, VARIANT_2].includes(await headline(preview)), {
        timeout: 15_000,
      })
      .toBe(true);
    // Positive control: the same browser, out of preview, is a counted visitor again.
    const visitors = (answer: { arms: { visitors: number }[] }) =>
      answer.arms.reduce((sum, arm) => sum + arm.visitors, 0);
    await expect
      .poll(async () => visitors((await counts()) as typeof before), { timeout: 15_000 })
      .toBe(visitors(before) + 1);
  });

  it('runs the tracker normally for a forged link: no badge, no preview, a counted visit', async () => {
    const before = (await counts()) as { arms: { exposures: number }[] };
    const stranger = await visitShop(browser, `${pageUrl}?kindling_preview=e30.forged`);
    // The tracker first asks for the link to be checked, then runs as for any visitor.
    await expect
      .poll(() => stranger.posted.flatMap((post) => post.events).map((event) => event.type), {
        timeout: 15_000,
      })
      .toEqual(['exposure']);
    await sentEverything(stranger);
    expect(await badge(stranger.page).count()).toBe(0);
    expect(
      await stranger.page.evaluate(() => sessionStorage.getItem('kindling.preview')),
    ).toBeNull();
    const exposures = (answer: { arms: { exposures: number }[] }) =>
      answer.arms.reduce((sum, arm) => sum + arm.exposures, 0);
    await expect
      .poll(async () => exposures((await counts()) as typeof before), { timeout: 15_000 })
      .toBe(exposures(before) + 1);
    await stranger.context.close();
  });

  it('previews on a burner page too: its CSP lets the preview script run, and nothing is sent', async () => {
    const created = await api.call<{ id: number; url: string }>('POST', `/team/${slug}/pages`, {
      slug: 'preview-me',
      content: PLANNER_PAGE,
    });
    await api.call('POST', `/team/${slug}/pages/${created.id}/publish`);
    const id = await createHeadlineCampaign(api, slug, {
      name: 'Page headline',
      description: 'Preview on a burner page',
      ingestedUrl: created.url,
      original: PLANNER_PAGE.headline,
      isEnabled: true,
      variants: [{ key: 'page', value: VARIANT_2 }],
    });
    const visit = await visitShop(browser, await firstVariantLink(id));
    const refused: string[] = [];
    visit.page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await expect.poll(() => headline(visit.page), { timeout: 15_000 }).toBe(VARIANT_2);
    expect(await badge(visit.page).innerText()).toContain('Kindling preview: Variant 1 of Text 1');
    await visit.page.waitForTimeout(1000);
    expect(refused).toEqual([]);
    expect(visit.requested()).toBe(0);
    await visit.context.close();
  });

  it('follows a single-page app: the variant re-applied after re-renders and on coming back', async () => {
    const spaUrl = shopUrlOf(fixtures!, 'tracker-spa.html');
    const id = await createHeadlineCampaign(api, slug, {
      name: 'App headline',
      description: 'Preview in a single-page app',
      ingestedUrl: spaUrl,
      isEnabled: false,
      variants: [{ key: 'app', value: VARIANT_1 }],
    });
    // A paused campaign previews too: that is how a variant is checked before it runs.
    const visit = await visitShop(browser, await firstVariantLink(id));
    const tab = visit.page;
    await expect.poll(() => headline(tab), { timeout: 15_000 }).toBe(VARIANT_1);
    expect(await badge(tab).innerText()).toContain('Kindling preview: Variant 1 of Text 1');
    // The app re-renders its view: the variant comes back at once.
    await tab.evaluate(() => (window as unknown as { render(): void }).render());
    await expect.poll(() => headline(tab), { timeout: 15_000 }).toBe(VARIANT_1);
    // Another page of the app: the badge stays, nothing to change there.
    await tab.evaluate(() => (window as unknown as { go(path: string): void }).go('reviews'));
    await tab.locator('h2').waitFor();
    expect(await badge(tab).isVisible()).toBe(true);
    // Back on the campaign page (popstate re-renders it): the variant again, still nothing sent.
    await tab.goBack();
    await expect.poll(() => headline(tab), { timeout: 15_000 }).toBe(VARIANT_1);
    await tab.waitForTimeout(1000);
    expect(visit.requested()).toBe(0);
    await visit.context.close();
  });
});
