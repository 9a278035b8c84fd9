import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR } from './support/browser';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { MISSING_PAGE, startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  SCREEN_SIZES,
  shot,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { near, pixelAt, type Pixels } from './support/pixels';
import { clickInPreview, PREVIEW_FRAME, previewFrame } from './support/preview-click';
import { createThroughReview } from './support/wizard-flow';

const baseUrl = inject('baseUrl');
const PAGE = 'bootstrap-popup.html';
const CLOSE_BUTTON = 'button[aria-label="Close newsletter"]';
/** The selector the agent records for it: the same, anchored on its label. */
const RECORDED_CLICK = CLOSE_BUTTON;
/** The fixture's page background and its modal dialog, as 0xRRGGBBAA. */
const PAGE_BACKGROUND = 0xfafaf9ff;
const MODAL_DIALOG = 0x4c1d95ff;
/** The modal is open by load; a moment later only a replayed click can have hidden it. */
const POPUP_OPENED_MS = 1_000;

interface SavedCampaign {
  id: number;
  meta: { popupClicks?: string[] };
  thumbnail: { small: string; large: string } | null;
}

describe('editor preview', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let campaignId: number;

  const frame = () => previewFrame(page);
  const wizard = () => page.getByTestId('campaign-wizard');
  const step = () => wizard().getAttribute('data-step');
  const nextButton = () => page.getByRole('button', { name: 'Next', exact: true });
  const status = () => page.getByTestId('preview-status');
  const ready = () => status().getByText('Ready').waitFor({ timeout: 15_000 });
  const modalShown = () => frame().locator('#newsletter').isVisible();
  const inFrame = <T>(read: () => T) => frame().locator('html').evaluate(read);
  const load = (id: number) =>
    api.call<SavedCampaign>('GET', `/team/${team}/campaign/by-id?id=${id}`);

  async function fetchImage(address: string): Promise<Pixels | undefined> {
    const response = await fetch(`${baseUrl}${address}`);
    if (!response.ok) return undefined;
    const png = Buffer.from(await response.arrayBuffer());
    const { data, info } = await sharp(png)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { png, width: info.width, height: info.height, data };
  }

  /** Hidden now, and still hidden once the page's own timer would have opened it. */
  async function expectModalStaysHidden(): Promise<void> {
    await expect.poll(modalShown, { timeout: 15_000 }).toBe(false);
    await page.waitForTimeout(POPUP_OPENED_MS);
    expect(await modalShown()).toBe(false);
  }

  async function openInWizard(url: string): Promise<void> {
    await page.goto(`/admin/${team}/campaign/new`);
    await page.getByLabel('Page URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(step, { timeout: 15_000 }).toBe('ClosePopups');
  }

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await page.setViewportSize(SCREEN_SIZES.desktop);
    await routeFixtureHost(page, fixtures);
    await signUpThroughUi(page, newPerson('Preview Scaler', 'scale'));
    team = await createTeamThroughUi(page, 'Preview Scale Team');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('renders Desktop at a true 1280 px viewport, scaled to the pane, and says the scale', async () => {
    await openInWizard(fixtureUrlOf(fixtures, PAGE));
    await ready();
    expect(await page.getByRole('radio', { name: 'Desktop' }).isChecked()).toBe(true);
    expect(await inFrame(() => window.innerWidth)).toBe(1280);
    // The lg (>= 992 px) layout is the one showing: a horizontal nav and a two-column hero.
    expect(
      await frame()
        .locator('.navbar-nav')
        .evaluate((nav) => getComputedStyle(nav).flexDirection),
    ).toBe('row');
    expect(
      await frame()
        .locator('#hero')
        .evaluate((hero) => getComputedStyle(hero).gridTemplateColumns.split(' ').length),
    ).toBe(2);

    const drawn = await page.locator(PREVIEW_FRAME).boundingBox();
    const scale = (drawn?.width ?? 0) / 1280;
    expect(scale).toBeGreaterThan(0.3);
    expect(scale).toBeLessThan(1);
    const label = await page.getByTestId('preview-scale').textContent();
    expect(label).toBe(`Desktop · 1280 px · ${Math.round(scale * 100)}%`);
    // Scaled, the frame still fills the pane's height.
    const room = await page.locator(PREVIEW_FRAME).evaluate((element) => {
      const box = element.parentElement!.parentElement!;
      return box.getBoundingClientRect().height;
    });
    expect(Math.abs((drawn?.height ?? 0) + 2 - room)).toBeLessThanOrEqual(2);
    await shotAtBothSizes(page, 'editor-preview-01-desktop');
    // Chromium does not paint a cross-origin frame while it is off screen, so the phone's
    // full-page shot shows the frame blank below the fold; this one scrolls to it first.
    await page.setViewportSize(SCREEN_SIZES.phone);
    // On a phone the preview is a tab of its own.
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.locator(PREVIEW_FRAME).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'editor-preview-01-desktop-phone-scrolled.png'),
    });
    await page.getByRole('tab', { name: 'Edit' }).click();
    await page.setViewportSize(SCREEN_SIZES.desktop);

    await page.getByRole('radio', { name: 'Tablet' }).check();
    await expect.poll(() => inFrame(() => window.innerWidth)).toBe(768);
    expect(
      await frame()
        .locator('.navbar-nav')
        .evaluate((nav) => getComputedStyle(nav).flexDirection),
    ).toBe('column');
    await page.getByRole('radio', { name: 'Mobile' }).check();
    await expect.poll(() => inFrame(() => window.innerWidth)).toBe(375);
    expect(await page.getByTestId('preview-scale').textContent()).toBe('Mobile · 375 px · 100%');
    await page.getByRole('radio', { name: 'Desktop' }).check();
    await expect.poll(() => inFrame(() => window.innerWidth)).toBe(1280);
  });

  it('closes the newsletter in Close pop-ups with a click through the scaled frame', async () => {
    await expect.poll(modalShown, { timeout: 15_000 }).toBe(true);
    // The control: the first thumbnail, taken on entering the step, shows the modal.
    const first = page.getByRole('img', { name: /Screenshot of/ });
    await first.waitFor({ timeout: 60_000 });
    const firstShot = await fetchImage((await first.getAttribute('src')) ?? '');
    expect(firstShot).toBeDefined();
    const firstMiddle = pixelAt(firstShot!, firstShot!.width / 2, firstShot!.height / 2);
    expect(near(firstMiddle, MODAL_DIALOG, 24)).toBe(true);
    await shot(page, 'editor-preview-02-popup');
    const point = await clickInPreview(page, frame().locator(CLOSE_BUTTON));
    expect(point.scale).toBeLessThan(1);
    await expect.poll(modalShown).toBe(false);
  });

  it('keeps it closed through Pick elements, Edit variants, Goals and Settings', async () => {
    await nextButton().click();
    const help = page.getByRole('dialog', { name: 'How editing works' });
    await help.waitFor();
    await help.getByRole('button', { name: 'Start editing' }).click();
    await expect.poll(step).toBe('EditElements');
    await expectModalStaysHidden();

    // Back in Close pop-ups the page shows as it is, to be closed (and recorded) again.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(step).toBe('ClosePopups');
    await expect.poll(modalShown, { timeout: 15_000 }).toBe(true);
    await clickInPreview(page, frame().locator(CLOSE_BUTTON));
    await expect.poll(modalShown).toBe(false);
    await nextButton().click();
    await expect.poll(step).toBe('EditElements');
    await expectModalStaysHidden();

    // Picking through the scaled frame lands on the element drawn under the pointer.
    await clickInPreview(page, frame().locator('h1'));
    await page.getByTestId('draft-editor').waitFor();
    await page.getByLabel('Variant 1 text', { exact: true }).fill('Fresh coffee every Friday');
    await expect.poll(() => frame().locator('h1').textContent()).toBe('Fresh coffee every Friday');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await page.getByTestId('draft-editor').waitFor({ state: 'detached' });
    await page
      .getByTestId('element-side-menu')
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await expectModalStaysHidden();

    await nextButton().click();
    await expect.poll(step).toBe('EditGoals');
    await expectModalStaysHidden();
    await page.getByRole('button', { name: 'Add click goal' }).click();
    await clickInPreview(page, frame().locator('#cta-subscribe'));
    await page.getByTestId('goal-card').getByText('#cta-subscribe').waitFor();
    await nextButton().click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Submit' }).click();
    await expect.poll(step).toBe('CampaignTypeSelection');
    await expectModalStaysHidden();

    await nextButton().click();
    await expect.poll(step).toBe('Settings');
    await expectModalStaysHidden();
    await page.getByLabel('Campaign name').fill('Coffee headline');
    await createThroughReview(page);
    await page.waitForURL(/\/campaign\/\d+$/);
    campaignId = Number(/\/campaign\/(\d+)$/.exec(page.url())?.[1]);
    expect((await load(campaignId)).meta.popupClicks).toEqual([RECORDED_CLICK]);
  });

  it('takes the thumbnail with the pop-up closed', async () => {
    const thumbnail = async (): Promise<Pixels | undefined> => {
      const address = (await load(campaignId)).thumbnail?.large;
      return address ? fetchImage(address) : undefined;
    };
    let image: Pixels | undefined;
    await expect
      .poll(async () => (image = await thumbnail()) !== undefined, { timeout: 30_000 })
      .toBe(true);
    const shotImage = image!;
    // The dialog sits in the middle, the backdrop darkens every corner: neither is there.
    const middle = pixelAt(shotImage, shotImage.width / 2, shotImage.height / 2);
    expect(near(middle, MODAL_DIALOG, 24)).toBe(false);
    const corner = pixelAt(shotImage, 8, shotImage.height - 8);
    expect(near(corner, PAGE_BACKGROUND)).toBe(true);
  });

  it('replays the clicks in update mode and on the Preview screen', async () => {
    await page.getByRole('link', { name: 'Edit variants' }).click();
    await page.waitForURL(/\/campaign\/\d+\/edit$/);
    await expect.poll(step).toBe('EditElements');
    await ready();
    await expectModalStaysHidden();

    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    await page.getByRole('link', { name: 'Preview page' }).click();
    await page.waitForURL(/\/preview\?/);
    await ready();
    await page.getByTestId('popup-replay-note').waitFor();
    await expectModalStaysHidden();
    await shot(page, 'editor-preview-03-preview-screen');

    // The control: the same page without the campaign shows its pop-up.
    await page.goto(
      `/admin/${team}/preview?${new URLSearchParams({ url: fixtureUrlOf(fixtures, PAGE) }).toString()}`,
    );
    await ready();
    await expect.poll(modalShown, { timeout: 15_000 }).toBe(true);
  });

  it('warns about a 404 page, and Next waits for "Use this page anyway"', async () => {
    await openInWizard(fixtureUrlOf(fixtures, MISSING_PAGE));
    await status().getByText('HTTP 404 Not Found').waitFor({ timeout: 15_000 });
    expect(await status().getByText('Ready').count()).toBe(0);
    await page.getByTestId('preview-warning').getByText('HTTP 404 Not Found').waitFor();
    expect(await nextButton().isDisabled()).toBe(true);
    await shotAtBothSizes(page, 'editor-preview-04-not-found');

    await page.getByRole('button', { name: 'Use this page anyway' }).click();
    await expect.poll(() => nextButton().isEnabled()).toBe(true);
    await page.getByText('You chose to use it anyway.').waitFor();
  });

  it('keeps Next disabled while the page cannot be reached', async () => {
    await openInWizard('http://other.localhost/landing');
    await status().getByText('Error').waitFor({ timeout: 15_000 });
    await page.getByRole('alert').getByText('The page could not be previewed.').waitFor();
    expect(await nextButton().isDisabled()).toBe(true);
    await page.getByText('The page could not be reached.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Use this page anyway' }).count()).toBe(0);
    await shot(page, 'editor-preview-05-unreachable');
  });
});
