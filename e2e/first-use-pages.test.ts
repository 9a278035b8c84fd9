import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
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
});
