import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { createTeamThroughUi, newPage, newPerson, signUpThroughUi } from './support/flows';

const baseUrl = inject('baseUrl');

describe('the app under its own Content-Security-Policy', () => {
  let browser: Browser;
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
  });
  afterAll(() => browser.close());

  it('is served with the strict policy and runs every screen without a violation', async () => {
    const answer = await page.goto(`${baseUrl}/admin/auth/sign-up`);
    const headers = answer!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');

    await signUpThroughUi(page, newPerson('Rosalind Franklin', 'csp'));
    const slug = await createTeamThroughUi(page, 'Policy Team');
    for (const path of ['', '/campaign/new', '/settings/team', '/settings/billing', '/preview']) {
      await page.goto(`${baseUrl}/admin/${slug}${path}`);
      await page.getByRole('heading').first().waitFor();
    }
    expect(violations).toEqual([]);

    // An inline script, as an injected one would be, is refused: the policy is in force.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
    });
    expect(await page.evaluate(() => '__injected' in window)).toBe(false);
    await expect.poll(() => violations.length).toBe(1);
    expect(violations[0]).toMatch(/inline script/i);
  });
});
