import { DEMO_MESSAGES, GUEST_MESSAGES } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';

// Demo data (spec section 9) and guest access (section 1): a new team explores results on a
// generated demo campaign and deletes it; a visitor without an account looks at the same demo,
// read-only. The server runs with GUEST_ACCESS=true (support/global-setup.ts).

const baseUrl = inject('baseUrl');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** The results of the open demo campaign: charts drawn and the headline's verdict. */
async function expectDemoResults(page: Page) {
  await page.getByTestId('results-body').waitFor();
  expect(await page.getByTestId('demo-banner').innerText()).toContain(DEMO_MESSAGES.banner);
  await page.getByTestId('metric-chart').locator('.recharts-surface').first().waitFor();
  await page.getByTestId('traffic-chart').locator('.recharts-surface').first().waitFor();
  const headline = page.locator('[data-verdict]').first();
  await poll(() => headline.getAttribute('data-verdict')).toBe('winner');
  // The API's sentence as it is.
  expect(await headline.innerText()).toMatch(
    /Variant 2 converts \d+% more often than the original/,
  );
  // The page opens on the whole test: the demo's month, up to 1999-12-31.
  expect(await page.getByLabel('Range').inputValue()).toBe('sinceStart');
}

describe('demo data and guest access', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('adds a demo campaign to a new team, shows its results, and deletes it in one step', async () => {
    const { page } = await newPage(browser, baseUrl);
    await signUpThroughUi(page, newPerson('Dana Demo', 'demo'));
    await createTeamThroughUi(page, 'Demo Explorers');
    await page.getByRole('button', { name: DEMO_MESSAGES.explore }).waitFor();
    await shotAtBothSizes(page, 'demo-empty-list');
    await page.getByRole('button', { name: DEMO_MESSAGES.explore }).click();
    const row = page.getByTestId('campaign-row');
    await row.waitFor();
    expect(await row.getByTestId('demo-badge').innerText()).toBe(DEMO_MESSAGES.badge);

    await row.getByTestId('campaign-link').click();
    await page.getByTestId('campaign-page').waitFor();
    expect(await page.getByTestId('campaign-page').getByTestId('demo-badge').innerText()).toBe(
      DEMO_MESSAGES.badge,
    );
    await expectDemoResults(page);
    expect(await page.getByTestId('demo-about').innerText()).toContain(DEMO_MESSAGES.about);
    // The "added" toast has gone: the shots show the page as it stays.
    await page.getByText(DEMO_MESSAGES.created).waitFor({ state: 'hidden' });
    await shotAtBothSizes(page, 'demo-results');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/campaigns$/);
    await page.getByRole('button', { name: DEMO_MESSAGES.explore }).waitFor();
    expect(await page.getByTestId('campaign-row').count()).toBe(0);
  });

  it('lets a visitor try the demo without signing up, read-only', async () => {
    const { page } = await newPage(browser, baseUrl);
    await page.goto('/admin/auth/sign-in');
    await page.getByRole('button', { name: GUEST_MESSAGES.tryIt }).click();
    const banner = page.getByTestId('guest-banner');
    await banner.waitFor();
    expect((await banner.innerText()).replace(/\s+/g, ' ').trim()).toBe(GUEST_MESSAGES.banner);

    const row = page.getByTestId('campaign-row');
    await row.waitFor();
    expect(await row.getByTestId('demo-badge').innerText()).toBe(DEMO_MESSAGES.badge);
    // No write action is offered: no new campaign, no switch.
    expect(await page.getByRole('link', { name: 'New campaign' }).count()).toBe(0);
    expect(await row.getByRole('switch').count()).toBe(0);
    const menu = page.getByRole('navigation', { name: 'Main' });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Campaigns']);

    await row.getByTestId('campaign-link').click();
    await expectDemoResults(page);
    const header = page.getByTestId('campaign-page');
    expect(await header.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await header.getByRole('link', { name: 'Edit variants' }).count()).toBe(0);
    expect(await page.getByTestId('results').getByRole('switch').count()).toBe(0);
    await page.getByTestId('guest-banner').scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'guest-banner');
  });
});
