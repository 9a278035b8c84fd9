import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { WEEKLY_PAGE } from './support/weekly-page';
import {
  createTeamThroughUi,
  eventually,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';

const baseUrl = inject('baseUrl');

describe('first use (issue 35): the new-landing-page form before anything is typed', () => {
  let browser: Browser;
  let page: Page;
  let team: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Mary Somerville', 'first-use-pages'));
    team = await createTeamThroughUi(page, 'Somerville Books');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows each template as a real miniature of a page, not a blank card', async () => {
    await page.goto(`/admin/${team}/pages/new`);
    for (const id of [1, 2, 3]) {
      const thumbnail = page.getByTestId(`template-${id}`).frameLocator('iframe');
      await eventually(
        () => thumbnail.getByRole('heading', { level: 1 }).textContent(),
        'Your headline goes here',
      );
    }
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached', timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotAtBothSizes(page, 'first-use-pages-new');
  });

  it('an EU sign-up page asks for a privacy policy; the published page shows consent and logo, no badge', async () => {
    await page.goto(`/admin/${team}/pages/new`);
    await page.getByLabel('Headline', { exact: true }).fill(WEEKLY_PAGE.headline);
    await page.getByLabel('Sub-headline', { exact: true }).fill(WEEKLY_PAGE.subheadline);
    for (const [index, feature] of WEEKLY_PAGE.features.entries()) {
      await page.getByLabel(`Feature point ${index + 1}`, { exact: true }).fill(feature);
    }
    await page.getByRole('switch', { name: 'My audience is in the EU' }).click();
    await page.getByRole('switch', { name: 'Show "Made with Kindling" in the footer' }).click();
    await page.getByLabel('Page address', { exact: true }).fill('eu-week');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page
      .getByText(
        'A sign-up form for an audience in the EU needs a link to your privacy policy (GDPR)',
      )
      .waitFor();
    // A full-page shot paints the sandboxed template frames only if they were on screen.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotAtBothSizes(page, 'first-use-pages-eu-needs-privacy');

    await page
      .getByLabel('Privacy policy address', { exact: true })
      .fill('https://example.com/privacy');
    await page
      .getByLabel('Consent line (optional)', { exact: true })
      .fill('We send one e-mail when the planner opens. Unsubscribe any time.');
    // The logo goes through the image upload; its address lands in the field.
    const logo = await sharp({
      create: { width: 160, height: 40, channels: 4, background: '#e8590c' },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('logo-file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await eventually(
      async () => /\/uploads\//.test(await page.getByLabel('Logo address (optional)').inputValue()),
      true,
    );
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/pages\/\d+$/);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const url = (await page.getByTestId('page-public-url').getAttribute('href')) ?? '';
    await page.goto(url);
    await page.locator('.consent').getByText('Privacy policy').waitFor();
    await eventually(
      () => page.locator('.logo img').evaluate((image: HTMLImageElement) => image.naturalWidth > 0),
      true,
    );
    expect(await page.locator('.site-footer').textContent()).not.toContain('Kindling');
    await shotAtBothSizes(page, 'first-use-burner-consent');
  });
});
