import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  eventually,
  isChecked,
  newPage,
  newPerson,
  readAppConfig,
  settled,
  signInThroughUi,
  VIEWPORT,
  shot,
} from './support/flows';

const baseUrl = inject('baseUrl');
const appConfig = readAppConfig();

/** Oldest first: "Campaign 01" … "Campaign 64" after the first, hand-named campaign. */
const pagedName = (n: number) => `Campaign ${String(n).padStart(2, '0')}`;

describe('foundation: accounts, campaign list and app shell', () => {
  const owner = newPerson('Ada Lovelace', 'owner');
  const teamName = 'Analytical Engines';
  const firstCampaign = 'Spring sale hero';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let slug: string;
  let api: Api;
  let firstId: number;

  const rows = () => page.getByTestId('campaign-row');
  const rowNames = () => page.getByTestId('campaign-link').allTextContents();

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, baseUrl));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, creates a team and lands on the empty campaign list', async () => {
    await page.goto('/admin/auth/sign-up');
    await page.getByLabel('Full name', { exact: true }).fill(owner.realName);
    await page.getByLabel('E-mail', { exact: true }).fill(owner.email);
    const password = page.getByLabel('Password', { exact: true });
    const passwordStatus = page.getByTestId('field-status');
    await password.fill('short');
    await expect
      .poll(() => passwordStatus.textContent())
      .not.toMatch(/^(Checking password…|Password meets the policy)$/);
    await password.fill(owner.password);
    await eventually(() => passwordStatus.textContent(), 'Password meets the policy');
    await shot(page, '01-sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/admin/auth/create-team');
    await page.getByRole('heading', { name: 'Create your team' }).waitFor();
    await page.getByLabel('Team name', { exact: true }).fill(teamName);
    await shot(page, '02-create-team');
    slug = await createTeamThroughUi(page, teamName);

    expect(new URL(page.url()).pathname).toBe(`/admin/${slug}/campaigns`);
    await page.getByText('No campaigns yet').waitFor();
    expect(await page.getByTestId('team-switcher').textContent()).toContain(teamName);
    await shot(page, '03-empty-campaign-list');
    api = await Api.of(page, baseUrl);
  });

  it('rejects a wrong password on sign-in and accepts the right one', async () => {
    const other = await newPage(browser, baseUrl);
    try {
      await other.page.goto('/admin/auth/sign-in');
      await signInThroughUi(other.page, owner.email, 'Wrong-password-1');
      const error = other.page.getByTestId('form-error');
      await error.waitFor();
      expect(await error.textContent()).toBe('Incorrect e-mail or password.');
      expect(new URL(other.page.url()).pathname).toBe('/admin/auth/sign-in');
      await shot(other.page, '04-sign-in-wrong-password');

      await signInThroughUi(other.page, owner.email, owner.password);
      await other.page.waitForURL(`**/admin/${slug}/campaigns`);
      await other.page.getByText('No campaigns yet').waitFor();
    } finally {
      await other.context.close();
    }
  });

  it('checks the sign-in form with the account rules before calling the server', async () => {
    const other = await newPage(browser, baseUrl);
    try {
      const signInCalls: string[] = [];
      other.page.on('request', (request) => {
        if (request.url().includes('/auth/sign-in') && request.method() === 'POST') {
          signInCalls.push(request.url());
        }
      });
      await other.page.goto('/admin/auth/sign-in');
      // Submitted untouched: the rules are not loaded yet, the submit waits for them.
      await other.page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const alerts = other.page.getByRole('alert');
      await eventually(
        () => alerts.allTextContents(),
        ['Please enter your e-mail', 'Please enter your password'],
      );
      // After a submit, every keystroke is checked again.
      await other.page.getByLabel('E-mail', { exact: true }).fill('ada@');
      await eventually(
        () => alerts.allTextContents(),
        ['Please enter a valid email address', 'Please enter your password'],
      );
      expect(signInCalls).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  it('toggles a campaign, and rolls the switch back with a toast when the server refuses', async () => {
    firstId = await api.createCampaign(slug, firstCampaign);
    await page.reload();
    const row = page.getByRole('listitem', { name: firstCampaign });
    await row.waitFor();
    expect(await rows().count()).toBe(1);
    const toggle = page.getByRole('switch', { name: `Enable ${firstCampaign}` });
    await shot(page, '05-campaign-list-one-row');

    // 1. A successful toggle: the switch moves and the server stores it.
    const initial = await isChecked(toggle);
    expect((await api.campaign(slug, firstId)).isEnabled).toBe(initial);
    await toggle.click();
    await eventually(() => isChecked(toggle), !initial);
    await eventually(async () => (await api.campaign(slug, firstId)).isEnabled, !initial);
    expect(await row.textContent()).toContain(initial ? 'Paused' : 'Enabled');

    // 2. A refused toggle: optimistic flip first, then the rollback and an error toast.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route('**/campaign/update-enabled**', async (route) => {
      requests += 1;
      await held;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RETRYABLE', message: 'Try again in a moment.' } }),
      });
    });
    try {
      await toggle.click();
      await eventually(() => isChecked(toggle), initial); // optimistic
      expect(requests).toBe(1);
      release();
      await eventually(() => isChecked(toggle), !initial); // rolled back

      const toast = page
        .locator('[data-sonner-toast]')
        .filter({ hasText: initial ? 'Could not enable the campaign' : 'Could not pause' });
      await toast.waitFor();
      expect(await toast.textContent()).toContain('Try again in a moment.');
      // Top centre (spec section 2, app shell). Poll: sonner slides the toast in.
      await expect
        .poll(async () => {
          const box = await toast.boundingBox();
          return box ? Math.abs(box.x + box.width / 2 - VIEWPORT.width / 2) : Infinity;
        })
        .toBeLessThan(4);
      const box = await toast.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height / 2).toBeLessThan(VIEWPORT.height / 4);
      await shot(page, '06-toggle-refused-toast');
      expect((await api.campaign(slug, firstId)).isEnabled).toBe(!initial);
    } finally {
      release();
      await page.unroute('**/campaign/update-enabled**');
    }

    // 3. With the route gone the toggle works again.
    await toggle.click();
    await eventually(() => isChecked(toggle), initial);
    await eventually(async () => (await api.campaign(slug, firstId)).isEnabled, initial);
  });

  it('shows 65 campaigns 30 per page with at most 5 page blocks', async () => {
    for (let n = 1; n <= 64; n += 1) await api.createCampaign(slug, pagedName(n));
    expect((await api.campaigns(slug)).length).toBe(65);

    await page.reload();
    await page.getByText('65 campaigns in this team').waitFor();
    const pagination = page.getByRole('navigation', { name: 'Campaign pages' });
    const blocks = pagination.getByRole('button', { name: /^Page \d+$/ });
    const next = pagination.getByRole('button', { name: 'Next page' });
    const previous = pagination.getByRole('button', { name: 'Previous page' });

    // Page 1: newest first.
    await eventually(() => rows().count(), 30);
    const page1 = await rowNames();
    expect(page1[0]).toBe(pagedName(64));
    expect(page1[29]).toBe(pagedName(35));
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await blocks.allTextContents()).toEqual(['1', '2', '3']);
    expect(await blocks.count()).toBeLessThanOrEqual(5);
    expect(
      await pagination.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await previous.isDisabled()).toBe(true);
    await shot(page, '07-campaigns-page-1');

    // Page 2 through "Next page".
    await next.click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await eventually(async () => (await rowNames())[0], pagedName(34));
    expect(await rows().count()).toBe(30);
    expect((await rowNames())[29]).toBe(pagedName(5));
    expect(
      await pagination.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'),
    ).toBe('page');

    // Page 3 through its block: the last 5, ending with the oldest campaign.
    await pagination.getByRole('button', { name: 'Page 3' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await eventually(() => rows().count(), 5);
    expect(await rowNames()).toEqual([
      pagedName(4),
      pagedName(3),
      pagedName(2),
      pagedName(1),
      firstCampaign,
    ]);
    expect(await next.isDisabled()).toBe(true);
    expect(await blocks.count()).toBeLessThanOrEqual(5);
    await shot(page, '08-campaigns-page-3');
  });

  it('deletes a campaign from the row menu only after confirmation', async () => {
    const victim = pagedName(2);
    const openDeleteDialog = async () => {
      await page.getByRole('button', { name: `Actions for ${victim}` }).click();
      const item = page.getByRole('menuitem', { name: 'Delete' });
      await item.waitFor();
      return item;
    };

    const deleteItem = await openDeleteDialog();
    await shot(page, '09-row-menu');
    await deleteItem.click();
    const dialog = page.getByRole('dialog', { name: 'Delete campaign' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`"${victim}"`);
    await expect.poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(520);
    await shot(page, '10-delete-confirmation');

    // Cancel: nothing is deleted.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem', { name: victim }).count()).toBe(1);
    expect((await api.campaigns(slug)).length).toBe(65);

    // Confirm: the row goes, the list and the server agree on 64.
    await (await openDeleteDialog()).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('listitem', { name: victim }).waitFor({ state: 'detached' });
    await page.getByText('64 campaigns in this team').waitFor();
    expect(await rows().count()).toBe(4);
    const remaining = await api.campaigns(slug);
    expect(remaining.length).toBe(64);
    expect(remaining.some((campaign) => campaign.name === victim)).toBe(false);
    await shot(page, '11-after-delete');
  });

  it('collapses and expands the main menu', async () => {
    await page.goto(`/admin/${slug}/campaigns?page=3`);
    const menu = page.getByRole('complementary', { name: 'Main menu' });
    await menu.waitFor();
    const width = async () => (await menu.boundingBox())?.width ?? 0;
    const expanded = await width();
    expect(expanded).toBeGreaterThan(150);

    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(width).toBeLessThan(expanded * 0.6);
    expect(await settled(width)).toBeLessThan(expanded * 0.6);
    expect(await page.getByTestId('team-switcher').textContent()).not.toContain(teamName);
    await shot(page, '12-menu-collapsed');

    await page.getByRole('button', { name: 'Expand menu' }).click();
    expect(await settled(width)).toBe(expanded);
    expect(await page.getByTestId('team-switcher').textContent()).toContain(teamName);
  });

  it('hides the sidebar on a phone behind the top bar, with nothing to collapse', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`/admin/${slug}/campaigns`);
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      await menuButton.waitFor();
      expect(await page.getByRole('complementary', { name: 'Main menu' }).count()).toBe(0);
      expect(await page.getByTestId('phone-bar-team').textContent()).toBe(teamName);
      expect(await page.getByRole('button', { name: /(Collapse|Expand) menu/ }).count()).toBe(0);
      await shot(page, '12b-menu-phone');
      // The drawer itself is exercised in phone-layout.test.ts.
    } finally {
      await page.setViewportSize(VIEWPORT);
    }
  });

  it('shows the root error screen when a screen cannot load', async () => {
    const broken = await context.newPage();
    try {
      // The campaign page is a lazy route; its chunk failing to load is an uncaught error.
      let aborted = 0;
      await broken.route('**/assets/campaign-page-*.js', async (route) => {
        aborted += 1;
        await route.abort();
      });
      await broken.goto(`/admin/${slug}/campaign/${firstId}`);
      const screen = broken.getByTestId('error-screen');
      await screen.getByRole('heading', { name: 'Something went wrong' }).waitFor();
      expect(aborted).toBeGreaterThan(0);
      const logo = screen.getByRole('link', { name: `${appConfig.brand} home` });
      expect(await logo.getAttribute('href')).toBe(appConfig.marketingSiteUrl);
      expect(await logo.locator('svg, img').count()).toBeGreaterThan(0);
      // The app shell is gone: the error screen replaces the whole page.
      expect(await broken.getByRole('complementary', { name: 'Main menu' }).count()).toBe(0);
      await shot(broken, '13-root-error-screen');
    } finally {
      await broken.close();
    }
  });
});
