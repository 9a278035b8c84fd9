import type { LandingPageContent } from '@kindling/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { newPerson, SCREEN_SIZES, shot, signUpWithTeam, type Api } from './support/flows';
import { WEEKLY_PAGE } from './support/weekly-page';

const baseUrl = inject('baseUrl');

const CONTENT = WEEKLY_PAGE;

describe('burner landing pages (issue 18, server slice)', () => {
  let browser: Browser;
  let api: Api;
  let team: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ api, team } = await signUpWithTeam(baseUrl, {
      person: newPerson('Lena Launch', 'pages'),
      teamName: 'Weekly Labs',
    }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  const publish = async (
    slug: string,
    templateId: 1 | 2 | 3,
    content: LandingPageContent = CONTENT,
  ) => {
    const { id, url } = await api.call<{ id: number; url: string }>('POST', `/team/${team}/pages`, {
      slug,
      templateId,
      content,
    });
    await api.call('POST', `/team/${team}/pages/${id}/publish`);
    return { id, url };
  };

  it('publishes template 2, a visitor signs up through the form, the CSV has the address', async () => {
    const { id, url } = await publish('weekly', 2);
    expect(url).toBe(`${baseUrl}/p/${team}/weekly`);

    const context = await browser.newContext({ viewport: SCREEN_SIZES.desktop });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const trackerLoaded = page.waitForResponse((response) =>
      response.url().endsWith(`/api/tracker/${team}.js`),
    );
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect((await trackerLoaded).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(CONTENT.headline);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    // The honeypot is neither visible nor in the accessibility tree.
    const honeypot = page.locator('input[name=website]');
    expect(
      await honeypot.evaluate((input) => input.getBoundingClientRect().right),
    ).toBeLessThanOrEqual(0);
    expect(await page.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);
    await shot(page, 'landing-page-template-2-desktop');
    await page.setViewportSize(SCREEN_SIZES.phone);
    await shot(page, 'landing-page-template-2-phone');
    // Nothing on the phone is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SCREEN_SIZES.phone.width,
    );

    await page.getByRole('textbox', { name: 'E-mail address' }).fill('early.bird@example.com');
    await page.getByRole('button', { name: CONTENT.cta.label }).click();
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await shot(page, 'landing-page-thanks-phone');
    expect(refused).toEqual([]);
    await context.close();

    const csv = await api.raw(`/team/${team}/pages/${id}/signups.csv`);
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toBe('email,signed_up_at');
    expect(rows[1]).toMatch(/^early\.bird@example\.com,\d{4}-/);
  });

  it('renders templates 1 and 3 at both sizes (screenshots to look at)', async () => {
    for (const templateId of [1, 3] as const) {
      const { url } = await publish(`weekly-${templateId}`, templateId, {
        ...CONTENT,
        cta:
          templateId === 3
            ? { type: 'link', label: 'Pre-order now', url: 'https://example.com/buy' }
            : CONTENT.cta,
      });
      const context = await browser.newContext({ viewport: SCREEN_SIZES.desktop });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot(page, `landing-page-template-${templateId}-desktop`);
      await page.setViewportSize(SCREEN_SIZES.phone);
      await shot(page, `landing-page-template-${templateId}-phone`);
      await context.close();
    }
  });
});
