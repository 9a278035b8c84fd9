import {
  CAROUSEL_AUTOPLAY_MS,
  ERROR_MESSAGES,
  LOADING_MESSAGES,
  SUCCESS_MESSAGES,
} from '@kindling/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  readAppConfig,
  SCREEN_SIZES,
  shotAtBothSizes,
  signUpThroughUi,
  VIEWPORT,
} from './support/flows';

const baseUrl = inject('baseUrl');
const appConfig = readAppConfig();

describe("the spec's words and small screens", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let slug: string;
  let api: Api;

  const carousel = () => page.getByRole('region', { name: `How ${appConfig.brand} works` });
  const currentSlide = () =>
    carousel().locator('[aria-roledescription="slide"]:not([hidden])').getAttribute('aria-label');

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, baseUrl));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await signUpThroughUi(page, newPerson('Wanda Words', 'words'));
    slug = await createTeamThroughUi(page, 'Word Smiths');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('greets a created team with a cheerful phrase of the spec list, then what happened', async () => {
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Team created' });
    await toast.waitFor();
    const title = await toast.locator('[data-title]').innerText();
    expect(SUCCESS_MESSAGES).toContain(title);
  });

  it('tours the empty campaign list in a carousel that autoplays and pauses', async () => {
    await carousel().waitFor();
    await page.mouse.move(0, 0);
    expect(await currentSlide()).toBe('1 of 4: Paste a URL');
    // Autoplay moves on by itself every CAROUSEL_AUTOPLAY_MS.
    await expect
      .poll(currentSlide, { timeout: CAROUSEL_AUTOPLAY_MS * 3, interval: 200 })
      .toBe('2 of 4: Pick elements');

    // The pointer over it holds the slide for longer than a period.
    await carousel().hover();
    const held = await currentSlide();
    await page.waitForTimeout(CAROUSEL_AUTOPLAY_MS + 1000);
    expect(await currentSlide()).toBe(held);
    expect(await carousel().getAttribute('data-playing')).toBe('false');

    // Keyboard: focus on a slide picker pauses it too, and arrow keys move between slides.
    await page.mouse.move(0, 0);
    const picker = carousel()
      .getByRole('button', { name: /^Slide \d: / })
      .and(carousel().locator('[aria-current="true"]'));
    await picker.focus();
    await page.keyboard.press('ArrowRight');
    const afterArrow = await currentSlide();
    expect(afterArrow).not.toBe(held);
    await page.waitForTimeout(CAROUSEL_AUTOPLAY_MS + 1000);
    expect(await currentSlide()).toBe(afterArrow);

    // "Stop slides" keeps it still after focus leaves; "Play slides" starts it again.
    await carousel().getByRole('button', { name: 'Stop slides' }).click();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.mouse.move(0, 0);
    expect(await carousel().getAttribute('data-playing')).toBe('false');
    await carousel().getByRole('button', { name: 'Play slides' }).click();
    await page.mouse.move(0, 0);
    const before = await currentSlide();
    await expect
      .poll(currentSlide, { timeout: CAROUSEL_AUTOPLAY_MS * 3, interval: 200 })
      .not.toBe(before);
    await carousel().getByRole('button', { name: 'Slide 1: Paste a URL' }).click();
    await carousel().getByRole('button', { name: 'Stop slides' }).click();
    await page.mouse.move(0, 0);
    await shotAtBothSizes(page, 'campaign-list-empty-carousel');
  });

  it('says a fire-themed phrase while the app loads', async () => {
    await page.route('**/api/user/by-session**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`/admin/${slug}/campaigns`);
    const loader = page.getByTestId('page-loader');
    await loader.waitFor();
    const phrase = (await loader.innerText()).trim().replace(/…$/, '');
    expect(LOADING_MESSAGES).toContain(phrase);
    await page.unroute('**/api/user/by-session**');
    await carousel().waitFor();
  });

  it('copies the absolute link of a campaign and apologises for one without elements', async () => {
    const id = await api.createCampaign(slug, 'Bare campaign');
    await page.goto(`/admin/${slug}/campaign/${id}`);
    const apology = page.getByTestId('missing-information');
    await apology.waitFor();
    expect(await apology.innerText()).toBe(
      ERROR_MESSAGES.missingInformation(appConfig.supportEmail),
    );
    expect(await apology.getByRole('link').getAttribute('href')).toMatch(
      new RegExp(`^mailto:${appConfig.supportEmail}\\?subject=`),
    );

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Copied' }).first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseUrl}/admin/${slug}/campaign/${id}`);
    await shotAtBothSizes(page, 'campaign-page-missing-information');
    // Four header actions wrap on a phone instead of widening the page.
    await page.setViewportSize(SCREEN_SIZES.phone);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SCREEN_SIZES.phone.width,
    );
    await page.setViewportSize(VIEWPORT);

    // The copied link opens the same screen.
    await page.goto(copied);
    await page.getByRole('heading', { name: 'Bare campaign' }).waitFor();
  });

  it('runs a dialog through show, idle and hide, and removes it when its animation ends', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getAttribute('data-animation'), { timeout: 5_000 }).toBe('idle');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count(), { timeout: 5_000 }).toBe(0);
    expect(await api.campaigns(slug)).toHaveLength(1);
  });

  it('names the plan on the billing screen with the brand', async () => {
    await page.goto(`/admin/${slug}/settings/team/billing`);
    const name = page.getByTestId('billing-plan-name');
    await name.waitFor();
    expect(await name.innerText()).toBe(`${appConfig.brand} Free Plan`);
  });
});
