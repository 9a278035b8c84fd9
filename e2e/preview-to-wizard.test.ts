import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { clickInPreview, previewFrame } from './support/preview-click';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { wizardStep } from './support/wizard-flow';

// Issue 35, first-use edges: the Preview screen leads to a campaign ("Make variants of this
// page", and a note while a tried change is on screen), and the wizard it opens from `?url=`
// takes the page's screenshot, as entering ClosePopups from ChooseURL does.

const baseUrl = inject('baseUrl');

describe('from the preview to the wizard', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  const bar = () => page.getByTestId('make-variants-bar');

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures);
    await signUpThroughUi(page, newPerson('Preview Maker', 'preview-maker'));
    await createTeamThroughUi(page, 'Preview Maker Team');
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('offers "Make variants of this page" and says when a tried change is shown', async () => {
    const url = fixtureUrlOf(fixtures, 'saas-landing.html');
    await page.getByTestId('main-menu').getByRole('link', { name: 'Preview' }).click();
    await page.getByLabel('Page URL', { exact: true }).fill(url);
    await page.getByRole('button', { name: 'Load page' }).click();
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    const link = bar().getByRole('link', { name: 'Make variants of this page' });
    expect(new URL((await link.getAttribute('href')) ?? '', baseUrl).searchParams.get('url')).toBe(
      url,
    );
    await shotAtBothSizes(page, 'preview-to-wizard-01-bar');

    const frame = previewFrame(page);
    await frame.locator('#newsletter.open').waitFor();
    await clickInPreview(page, frame.getByRole('button', { name: 'Close newsletter' }));
    await page.getByRole('radio', { name: 'Edit elements' }).check();
    await page.getByRole('switch', { name: 'Select elements' }).click();
    await clickInPreview(page, frame.locator('h1'));
    const panel = page.getByRole('complementary', { name: 'Selected element' });
    await panel.getByLabel('New text', { exact: true }).fill('Release notes people love');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await bar().getByText('You are looking at a changed version of this page').waitFor();
    await shotAtBothSizes(page, 'preview-to-wizard-02-changed');
    await panel.getByRole('button', { name: 'Reset' }).click();
    await bar().getByText('Like what you see?').waitFor();

    // The wizard opens at ClosePopups on the page and asks for its screenshot at once.
    const screenshot = page.waitForRequest((request) =>
      request.url().includes('/campaign/screenshot?'),
    );
    await link.click();
    await page.waitForURL(/\/campaign\/new\?/);
    await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('ClosePopups');
    const asked = new URL((await screenshot).url());
    expect(asked.searchParams.get('url')).toBe(url);
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    await shotAtBothSizes(page, 'preview-to-wizard-03-wizard');
  });
});
