import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  SCREEN_SIZES,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { previewFrame } from './support/preview-click';
import { wizardStep } from './support/wizard-flow';

// Issue 35, section 5: an address typed without a scheme gets "https://"; a small site that
// speaks only http then failed with no hint. The fixture server speaks only http.

const baseUrl = inject('baseUrl');
const HINT = 'This page may only be served over http.';

describe('a page served only over http', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;

  const status = () => page.getByTestId('preview-status');
  const hint = () => page.getByTestId('http-only-hint');

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await page.setViewportSize(SCREEN_SIZES.desktop);
    await routeFixtureHost(page, fixtures);
    await signUpThroughUi(page, newPerson('Plain Http', 'http-only'));
    await createTeamThroughUi(page, 'Plain Http Team');
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('offers the http address when the https one added to a bare address fails', async () => {
    const httpUrl = fixtureUrlOf(fixtures, 'hover-button.html');
    const typed = httpUrl.slice('http://'.length);
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await page.waitForURL(/\/campaign\/new/);
    await page.getByLabel('Page URL', { exact: true }).fill(typed);
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('ClosePopups');
    expect(new URL(page.url()).searchParams.get('url')).toBe(`https://${typed}`);

    await hint().waitFor({ timeout: 20_000 });
    expect(await hint().textContent()).toBe(HINT);
    const retry = page.getByRole('button', { name: `Try ${httpUrl}`, exact: true });
    expect(await retry.isVisible()).toBe(true);
    // On a phone the preview is a tab of its own: the hint is there, with the page's error.
    await page.setViewportSize(SCREEN_SIZES.phone);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await hint().waitFor();
    await shotAtBothSizes(page, 'http-only-01-hint');
    await page.setViewportSize(SCREEN_SIZES.desktop);

    await retry.click();
    await status().getByText('Ready').waitFor({ timeout: 15_000 });
    await previewFrame(page).getByRole('button', { name: 'Buy now' }).waitFor();
    expect(await hint().count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('url')).toBe(httpUrl);
    await shotAtBothSizes(page, 'http-only-02-opened');
    // The page now counts as reached: the wizard goes on.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('dialog', { name: 'How editing works' }).waitFor();
  });
});
