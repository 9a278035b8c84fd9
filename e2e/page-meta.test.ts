import { readFileSync } from 'node:fs';
import path from 'node:path';
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
  shot,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { clickInPreview, pickInPreview, previewFrame } from './support/preview-click';
import { createThroughReview } from './support/wizard-flow';

// Spec sections 3 and 5: the editor records the page's meta when the preview loads it, the
// campaign keeps it (title and favicon in the list and on the campaign page), and the campaign
// form validation runs then: a redirect is named.

const baseUrl = inject('baseUrl');
const TITLE = 'Lumen Desk Lamp — Northwind Studio';
const FIXTURE = 'product-meta.html';
const FIXTURE_BYTES = readFileSync(path.resolve('e2e/fixtures', FIXTURE)).length;
const FAVICON_BASE64 = readFileSync(path.resolve('e2e/fixtures/favicon.png')).toString('base64');
/** packages/domain/src/messages.ts, PAGE_REDIRECT_MESSAGE, verbatim. */
const redirectMessage = (finalUrl: string) =>
  `This address redirects to ${finalUrl}. Visitors never see the page you entered: go back and enter the address it redirects to.`;

interface SavedMeta {
  title?: string;
  description?: string;
  canonicalUrl?: string;
  faviconUrl?: string;
  favicon?: string;
  lang?: string;
  requestedUrl?: string;
  finalUrl?: string;
  stats?: { htmlBytes: number; elementCount: number; loadMs: number };
}

describe('page meta', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let campaignId: number;

  const wizard = () => page.getByTestId('campaign-wizard');
  const step = () => wizard().getAttribute('data-step');
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  const ready = () => page.getByTestId('preview-status').getByText('Ready').waitFor();
  const frame = () => previewFrame(page);

  async function openPage(url: string) {
    await page.goto(`${baseUrl}/admin/${team}/campaign/new`);
    await page.getByLabel('Page URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(step).toBe('ClosePopups');
    await ready();
  }

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures);
    await signUpThroughUi(page, newPerson('Meta Tester', 'meta'));
    team = await createTeamThroughUi(page, 'Meta Team');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('names a page that redirected elsewhere when its meta loads', async () => {
    await openPage(fixtureUrlOf(fixtures, 'moved.html'));
    // The proxy fetched the fixture server's own address (fixture-host.ts) and was redirected.
    const message = redirectMessage(`${fixtures.origin}/${FIXTURE}`);
    const warning = page.getByTestId('page-meta-error');
    await expect.poll(() => warning.textContent(), { timeout: 15_000 }).toBe(message);
    await shot(page, 'page-meta-redirect');
  });

  it('records the meta while building a campaign; the title fills the name', async () => {
    await openPage(fixtureUrlOf(fixtures, FIXTURE));
    await frame().locator('h1').waitFor();
    // The same page asked for directly: no message.
    await page.waitForTimeout(500);
    expect(await page.getByTestId('page-meta-error').count()).toBe(0);

    await next();
    const help = page.getByRole('dialog', { name: 'How editing works' });
    await help.waitFor();
    await help.getByRole('button', { name: 'Start editing' }).click();
    await expect.poll(step).toBe('EditElements');
    await pickInPreview(page, frame().locator('h1'), page.getByTestId('draft-editor'));
    await page.getByLabel('Variant 1 text', { exact: true }).fill('The lamp for late evenings');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await page.getByTestId('draft-editor').waitFor({ state: 'detached' });
    await page
      .getByTestId('element-side-menu')
      .getByRole('button', { name: 'Close', exact: true })
      .click();

    await next();
    await expect.poll(step).toBe('EditGoals');
    await page.getByRole('button', { name: 'Add click goal' }).click();
    await clickInPreview(page, frame().locator('#buy'));
    await page.getByTestId('goal-card').getByText('#buy').waitFor();
    await next();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Submit' }).click();
    await expect.poll(step).toBe('CampaignTypeSelection');
    await next();
    await expect.poll(step).toBe('Settings');
    // No name was typed: the page's title is the campaign's name.
    expect(await page.getByLabel('Campaign name').inputValue()).toBe(TITLE);
    await createThroughReview(page);
    await page.waitForURL(/\/campaign\/\d+$/);
    campaignId = Number(/\/campaign\/(\d+)$/.exec(page.url())?.[1]);

    const { meta } = await api.call<{ meta: SavedMeta }>(
      'GET',
      `/team/${team}/campaign/by-id?id=${campaignId}`,
    );
    expect(meta).toMatchObject({
      title: TITLE,
      description: 'A warm, dimmable desk lamp in brushed brass, made to order in Bristol.',
      canonicalUrl: 'https://northwind.example/lamps/lumen',
      // The SVG icon is passed over for the PNG one, resolved against the page's address.
      faviconUrl: `${fixtures.origin}/favicon.png`,
      favicon: `data:image/png;base64,${FAVICON_BASE64}`,
      lang: 'en-GB',
      requestedUrl: `${fixtures.origin}/${FIXTURE}`,
      finalUrl: `${fixtures.origin}/${FIXTURE}`,
    });
    expect(meta.stats?.htmlBytes).toBe(FIXTURE_BYTES);
    // html, head, meta x3, title, link x3, style, body, main, h1, p, button: the page's own,
    // not the preview's <base>, agent or overlay.
    expect(meta.stats?.elementCount).toBe(15);
    expect(meta.stats?.loadMs).toBeGreaterThan(0);
  });

  it('shows the title and favicon on the campaign page', async () => {
    const identity = page.getByTestId('campaign-page').getByTestId('page-identity');
    await identity.getByText(TITLE, { exact: true }).waitFor();
    const favicon = identity.getByTestId('page-favicon');
    expect(await favicon.getAttribute('src')).toBe(`data:image/png;base64,${FAVICON_BASE64}`);
    await expect
      .poll(() => favicon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(32);
    expect(await page.getByTestId('fact-page-language').textContent()).toBe('en-GB');
    expect(await page.getByTestId('fact-page-elements').textContent()).toBe('15');
    await shotAtBothSizes(page, 'campaign-page-meta');
  });

  it('shows title and favicon in the list, the host and a placeholder without meta', async () => {
    await api.createCampaign(team, 'No meta yet');
    await page.goto(`${baseUrl}/admin/${team}/campaigns`);
    const row = page.locator(`[data-testid="campaign-row"][data-campaign-id="${campaignId}"]`);
    await row.getByTestId('page-title').getByText(TITLE, { exact: true }).waitFor();
    await expect
      .poll(() =>
        row.getByTestId('page-favicon').evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(32);
    const bare = page.getByTestId('campaign-row').filter({ hasText: 'No meta yet' });
    expect(await bare.getByTestId('page-title').textContent()).toBe('shop.example.com');
    expect(await bare.getByTestId('page-favicon').count()).toBe(0);
    await bare.getByTestId('page-favicon-placeholder').waitFor();
    await shotAtBothSizes(page, 'campaign-list-meta');
  });
});
