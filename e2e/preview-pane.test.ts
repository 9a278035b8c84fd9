import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { clickInPreview, previewFrame } from './support/preview-click';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  accessTokenOf,
  createTeamThroughUi,
  newPage,
  newPerson,
  settled,
  shot,
  signUpThroughUi,
} from './support/flows';

const baseUrl = inject('baseUrl');
const HEADING = 'Ship product updates your customers actually read';

describe('preview pane', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let fixtureUrl: (name: string) => string;
  /** Every address the page requested, frames included. */
  const addresses: string[] = [];

  const status = () => page.getByTestId('preview-status');
  const frame = () => previewFrame(page);
  const iframeWidth = async () =>
    (await page.locator('iframe[title="Live preview"]').boundingBox())?.width ?? 0;

  async function load(url: string): Promise<void> {
    await page.getByLabel('Page URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Load page' }).click();
  }

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    fixtureUrl = (name) => fixtureUrlOf(fixtures, name);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures);
    page.on('request', (request) => addresses.push(request.url()));
    await signUpThroughUi(page, newPerson('Pane Tester', 'pane'));
    await createTeamThroughUi(page, 'Preview Pane Team');
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('opens from the menu and loads a page to Ready', async () => {
    await page.getByTestId('main-menu').getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(/\/admin\/[^/]+\/preview/);
    await page.getByRole('heading', { name: 'Page preview' }).waitFor();
    await shot(page, 'preview-pane-01-empty');

    await load(fixtureUrl('saas-landing.html'));
    await status().getByText('Ready').waitFor();
    await frame().locator('h1').waitFor();
    expect(new URL(page.url()).searchParams.get('url')).toBe(fixtureUrl('saas-landing.html'));
    expect(await page.getByRole('radio', { name: 'Desktop' }).isChecked()).toBe(true);
    // The frame got a ticket: no address the app asked for carries the access token.
    const token = await accessTokenOf(page);
    expect(addresses.some((address) => address.includes('/api/preview/page?'))).toBe(true);
    expect(addresses.filter((address) => address.includes(token))).toEqual([]);
  });

  it('ClosePopups lets the person click the pop-up closed through the frame', async () => {
    expect(await page.getByRole('radio', { name: 'Close pop-ups' }).isChecked()).toBe(true);
    await frame().locator('#newsletter.open').waitFor();
    await shot(page, 'preview-pane-02-popup');
    await clickInPreview(page, frame().getByRole('button', { name: 'Close newsletter' }));
    await frame().locator('#newsletter.open').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('picked-selector').count()).toBe(0);
  });

  it('EditElements + selecting: picking the h1 shows its details, a change shows in the frame', async () => {
    await page.getByRole('radio', { name: 'Edit elements' }).check();
    await page.getByRole('switch', { name: 'Select elements' }).click();
    expect(
      await page.getByRole('switch', { name: 'Select elements' }).getAttribute('aria-checked'),
    ).toBe('true');
    await clickInPreview(page, frame().locator('h1'));

    const panel = page.getByRole('complementary', { name: 'Selected element' });
    await expect.poll(() => panel.getByTestId('picked-selector').textContent()).toBe('h1');
    expect(await panel.getByTestId('picked-text').textContent()).toBe(HEADING);
    expect(await panel.getByTestId('picked-label').textContent()).toBe(
      'Heading “Ship product updates your…”',
    );
    const swatches = panel.getByRole('list', { name: 'Colours' }).getByRole('listitem');
    expect(await swatches.count()).toBeGreaterThan(0);
    expect(await swatches.first().textContent()).toMatch(/^hsla\(/);
    await shot(page, 'preview-pane-03-picked');

    await panel.getByLabel('New text', { exact: true }).fill('Hello from Kindling');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => frame().locator('h1').textContent()).toBe('Hello from Kindling');
    await shot(page, 'preview-pane-04-changed');

    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => frame().locator('h1').textContent()).toBe(HEADING);
  });

  it('renders mobile, tablet and desktop at their true widths, scaled to fit', async () => {
    const viewportWidth = () =>
      frame()
        .locator('html')
        .evaluate(() => window.innerWidth);
    const label = () => page.getByTestId('preview-scale').textContent();
    await page.getByRole('radio', { name: 'Mobile' }).check();
    await expect.poll(viewportWidth).toBe(375);
    expect(await settled(iframeWidth)).toBe(375);
    expect(await label()).toBe('Mobile · 375 px · 100%');
    await shot(page, 'preview-pane-05-mobile');
    await page.getByRole('radio', { name: 'Tablet' }).check();
    await expect.poll(viewportWidth).toBe(768);
    await page.getByRole('radio', { name: 'Desktop' }).check();
    await expect.poll(viewportWidth).toBe(1280);
    // The pane is narrower than 1280 px: the page is shrunk to it, and the label says how much.
    const drawn = await settled(iframeWidth);
    expect(drawn).toBeLessThan(1280);
    expect(await label()).toBe(`Desktop · 1280 px · ${Math.round((drawn / 1280) * 100)}%`);
  });

  it('validates the address before loading', async () => {
    await load('not a url');
    await page
      .getByRole('alert')
      .getByText('Please check that you have entered a valid URL')
      .waitFor();
    await load('   ');
    await page.getByRole('alert').getByText('Please enter a URL').waitFor();
    await shot(page, 'preview-pane-06-invalid');
  });

  it('shows the server’s refusal as Error and reports the address once after two errors', async () => {
    const reports: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/campaign/log-preview-error')) reports.push(request);
    });
    const refused = 'http://other.localhost/landing';

    await load(refused);
    await status().getByText('Error').waitFor();
    await page.getByRole('alert').getByText('The page could not be previewed.').waitFor();
    expect(reports).toHaveLength(0);
    await shot(page, 'preview-pane-07-error');

    const reported = page.waitForRequest('**/campaign/log-preview-error?**');
    await page.getByRole('button', { name: 'Try again' }).click();
    const request = await reported;
    expect(new URL(request.url()).searchParams.get('url')).toBe(refused);
    expect((await request.response())?.status()).toBe(204);

    await page.getByRole('button', { name: 'Try again' }).click();
    await status().getByText('Error').waitFor();
    await page.waitForTimeout(500);
    expect(reports).toHaveLength(1);
  });
});
