import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { clickInPreview } from './support/preview-click';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  Api,
  animationsDone,
  createTeamThroughUi,
  newPage,
  newPerson,
  SCREEN_SIZES,
  shot,
  signUpThroughUi,
} from './support/flows';

const baseUrl = inject('baseUrl');
const PHONE = SCREEN_SIZES.phone;
const LOAD = { timeout: 15_000 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box;
}

/**
 * `{name}-phone` as the test left the screen, then `{name}-desktop`, then back to the phone.
 * Phone first: a resize resets inner scroll positions, and the phone state is the point here.
 */
async function phoneThenDesktop(page: Page, name: string): Promise<void> {
  await shot(page, `${name}-phone`);
  await page.setViewportSize(SCREEN_SIZES.desktop);
  try {
    await shot(page, `${name}-desktop`);
  } finally {
    await page.setViewportSize(PHONE);
  }
}

/** Inside the phone's width, not cut at either edge. */
async function expectWithinPhoneWidth(locator: Locator): Promise<void> {
  const box = await boxOf(locator);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

describe('phone layout (390 x 844)', () => {
  const teamName = 'Pocket Experiments';
  const campaignName = 'Spring landing page headline';
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;

  const frame = (): FrameLocator => page.frameLocator('iframe[title="Live preview"]');
  const wizard = () => page.getByTestId('campaign-wizard');
  const step = () => wizard().getAttribute('data-step');
  const tab = (name: 'Edit' | 'Preview') => page.getByRole('tab', { name, exact: true });
  const editor = () => page.getByTestId('draft-editor');
  const menuButton = () => page.getByRole('button', { name: 'Open menu' });
  const sidebar = () => page.getByRole('complementary', { name: 'Main menu' });

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await page.setViewportSize(PHONE);
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    await signUpThroughUi(page, newPerson('Phone Tester', 'phone'));
    team = await createTeamThroughUi(page, teamName);
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('puts the menu in a drawer behind the top bar, and the sidebar back on a laptop', async () => {
    await page.goto(`/admin/${team}/campaigns`);
    await menuButton().waitFor();
    expect(await sidebar().count()).toBe(0);
    expect(await page.getByTestId('phone-bar-team').textContent()).toBe(teamName);

    // Opens with focus inside; Escape closes it and gives focus back to the button.
    await menuButton().click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await animationsDone(page);
    expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await expectWithinPhoneWidth(drawer.getByRole('link', { name: 'Settings' }));
    expect(await drawer.getByTestId('team-switcher').textContent()).toContain(teamName);
    await shot(page, 'phone-drawer-open-phone');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect
      .poll(() => menuButton().evaluate((node) => node === document.activeElement))
      .toBe(true);

    // A link navigates and closes it.
    await menuButton().click();
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings\/team$/);
    await drawer.waitFor({ state: 'detached' });

    await page.setViewportSize(SCREEN_SIZES.desktop);
    try {
      await sidebar().waitFor();
      expect((await boxOf(sidebar())).width).toBeGreaterThan(150);
      expect(await menuButton().count()).toBe(0);
      await shot(page, 'phone-drawer-open-desktop');
    } finally {
      await page.setViewportSize(PHONE);
    }
  });

  it('keeps settings links on one row that scrolls sideways', async () => {
    await page.goto(`/admin/${team}/settings/user/default_team`);
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await nav.getByRole('link', { name: 'Default Team' }).waitFor();
    const tops = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await nav.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
    // The current link was scrolled into view.
    const current = await boxOf(nav.getByRole('link', { name: 'Default Team' }));
    expect(current.x).toBeGreaterThanOrEqual(0);
    expect(current.x + current.width).toBeLessThanOrEqual(PHONE.width - 8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await phoneThenDesktop(page, 'phone-settings');

    // Every settings screen fits the phone's width: nothing scrolls the page sideways.
    const paths = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const path of paths) {
      await nav.locator(`a[href="${path}"]`).click();
      await page.waitForURL(`**${path}`);
      await page.waitForLoadState('networkidle');
      await animationsDone(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(
        PHONE.width,
      );
      await shot(
        page,
        `phone-settings${path.slice(path.indexOf('/settings') + 9).replace(/\//g, '-')}`,
      );
    }
  });

  it('shows a campaign row with its whole name, status and switch in view', async () => {
    const id = await api.createCampaign(team, campaignName);
    await page.goto(`/admin/${team}/campaigns`);
    const row = page.getByRole('listitem', { name: campaignName });
    await row.waitFor();
    const name = row.getByTestId('campaign-link');
    expect(await name.textContent()).toBe(campaignName);
    // Wrapped rather than cut: no hidden overflow, at most two lines.
    expect(await name.evaluate((node) => node.scrollHeight <= node.clientHeight + 1)).toBe(true);
    expect((await boxOf(name)).height).toBeLessThan(2 * 24);
    const status = row.getByTestId('campaign-status');
    expect(await status.isVisible()).toBe(true);
    for (const part of [
      name,
      status,
      row.getByRole('switch', { name: `Enable ${campaignName}` }),
      row.getByRole('button', { name: `Actions for ${campaignName}` }),
    ]) {
      await expectWithinPhoneWidth(part);
    }
    await phoneThenDesktop(page, 'phone-campaign-list');

    // A toast shows at the bottom, not over the top bar.
    await page.route('**/campaign/update-enabled**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RETRYABLE', message: 'Try again in a moment.' } }),
      }),
    );
    try {
      await page.getByTestId(`campaign-enabled-${id}`).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      await expect
        .poll(async () => {
          const box = await boxOf(toast);
          return box.y > PHONE.height / 2 && box.y + box.height <= PHONE.height;
        })
        .toBe(true);
      await shot(page, 'phone-toast');
    } finally {
      await page.unroute('**/campaign/update-enabled**');
    }
  });

  it('shows the wizard progress as "Step N of 6" and the editor and preview as tabs', async () => {
    await page.goto(`/admin/${team}/campaign/new`);
    const progress = page.getByTestId('wizard-progress');
    await expect.poll(() => progress.textContent(), LOAD).toBe('Step 1 of 6 · Choose page');
    expect(
      await page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('list').isVisible(),
    ).toBe(false);
    await phoneThenDesktop(page, 'phone-wizard-choose-page');

    await page
      .getByLabel('Page URL', { exact: true })
      .fill(fixtureUrlOf(fixtures, 'saas-landing.html'));
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(step, LOAD).toBe('ClosePopups');
    expect(await progress.textContent()).toBe('Step 2 of 6 · Close pop-ups');
    expect(await tab('Edit').getAttribute('aria-selected')).toBe('true');

    // Switching tabs hides, never reloads, the frame: a mark left in its page survives.
    await tab('Preview').click();
    await page.getByTestId('preview-status').getByText('Ready').waitFor(LOAD);
    await frame().locator('#newsletter.open').waitFor();
    // A property, not an attribute: the page's selectors must not change.
    const mark = () =>
      frame()
        .locator('body')
        .evaluate(() => (window as { mark?: string }).mark);
    await frame()
      .locator('body')
      .evaluate(() => ((window as { mark?: string }).mark = 'kept'));
    await clickInPreview(page, frame().getByRole('button', { name: 'Close newsletter' }));
    await tab('Edit').click();
    expect(await page.locator('iframe[title="Live preview"]').isVisible()).toBe(false);
    await tab('Preview').click();
    expect(await mark()).toBe('kept');
    await shot(page, 'phone-wizard-close-popups-phone');

    await tab('Edit').click();
    await page.getByRole('img', { name: /Screenshot of/ }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const help = page.getByRole('dialog', { name: 'How editing works' });
    await help.getByRole('button', { name: 'Start editing' }).click();
    await expect.poll(step).toBe('EditElements');

    // Picking an element in the preview opens its editor on the Edit tab.
    await tab('Preview').click();
    await clickInPreview(page, frame().locator('h1'));
    await editor().waitFor();
    expect(await tab('Edit').getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Variant 1 text', { exact: true }).fill('Release notes people love');
    await phoneThenDesktop(page, 'phone-wizard-edit');
    await tab('Preview').click();
    await expect.poll(() => frame().locator('h1').textContent()).toBe('Release notes people love');
    expect(await mark()).toBe('kept');
    await shot(page, 'phone-wizard-preview-phone');
    await tab('Edit').click();
  });

  it('scrolls "Add another variant" clear of the sticky editor footer', async () => {
    const add = page.getByRole('button', { name: 'Add another variant' });
    const footer = editor().locator('footer');
    const header = page.getByTestId('element-side-menu').locator(':scope > header');
    for (let added = 2; added <= 3; added += 1) {
      await add.click();
      await page
        .getByLabel(`Variant ${added} text`, { exact: true })
        .fill(`Variant number ${added}`);
      // Whole, between the side menu's header and the editor's sticky footer.
      await expect
        .poll(async () => {
          const [button, top, bottom] = [add, header, footer].map(boxOf);
          const [b, t, f] = await Promise.all([button!, top!, bottom!]);
          const clear = b.y >= t.y + t.height && b.y + b.height <= f.y;
          return clear ? 'clear' : JSON.stringify({ b, t, f });
        })
        .toBe('clear');
    }
    await phoneThenDesktop(page, 'phone-wizard-add-variant');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().waitFor({ state: 'detached' });
    await page
      .getByTestId('element-side-menu')
      .getByRole('button', { name: 'Close', exact: true })
      .click();
  });

  it('lays out goal cards with one-line badges and equal add-goal buttons', async () => {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(step).toBe('EditGoals');
    const addClick = page.getByRole('button', { name: 'Add click goal' });
    const addPageView = page.getByRole('button', { name: 'Add page view goal' });
    expect(Math.abs((await boxOf(addClick)).width - (await boxOf(addPageView)).width)).toBeLessThan(
      1,
    );
    await addClick.click();
    await addPageView.click();
    const conversion = page.getByTestId('goal-card').filter({ hasText: 'Conversion goal' });
    const badge = conversion.getByText('Conversion goal', { exact: true });
    const typeBadge = conversion.getByText('Page View', { exact: true });
    expect((await boxOf(badge)).height).toBeLessThan(26);
    expect(Math.round((await boxOf(badge)).y)).toBe(Math.round((await boxOf(typeBadge)).y));
    await expectWithinPhoneWidth(badge);
    await phoneThenDesktop(page, 'phone-wizard-goals');
  });

  it('puts the selected-element panel under the page on the Preview screen', async () => {
    const url = fixtureUrlOf(fixtures, 'saas-landing.html');
    await page.goto(`/admin/${team}/preview?url=${encodeURIComponent(url)}`);
    await page.getByTestId('preview-status').getByText('Ready').waitFor(LOAD);
    const stage = await boxOf(page.locator('iframe[title="Live preview"]'));
    const panel = page.getByRole('complementary', { name: 'Selected element' });
    expect((await boxOf(panel)).y).toBeGreaterThanOrEqual(stage.y + stage.height);
    await expectWithinPhoneWidth(panel);
    // (After a resize the cross-origin frame also repaints a moment late, half drawn.)
    await phoneThenDesktop(page, 'phone-preview-screen');
  });
});
