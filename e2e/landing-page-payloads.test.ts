import type { LandingPageContent } from '@kindling/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  newPerson,
  SCREEN_SIZES,
  shotAtBothSizes,
  signUpWithTeam,
  type Api,
} from './support/flows';

const baseUrl = inject('baseUrl');

// Each would set window.pwned (or open an alert) if the browser ran it.
const SIGNUP_PAGE: LandingPageContent = {
  headline: '<img src=x onerror="window.pwned=1;alert(1)">Plan your week',
  subheadline: '"><script>window.pwned=1;alert(1)</script><svg onload="window.pwned=1">',
  cta: { type: 'signup', label: '<svg onload=window.pwned=1>' },
  features: [
    '</style><script>window.pwned=1</script>',
    '\'><iframe srcdoc="<script>parent.pwned=1</script>">',
    '<a href="javascript:window.pwned=1" id="x">x</a><b onmouseover=window.pwned=1>hover</b>',
  ],
  price: '<img src=x onerror=alert(1)>',
  imageUrl: 'https://127.0.0.1:1/x.png" onerror="window.pwned=1',
};
const LINK_PAGE: LandingPageContent = {
  ...SIGNUP_PAGE,
  cta: {
    type: 'link',
    label: '<b onclick=window.pwned=1>Buy</b>',
    url: 'https://example.com/"><script>window.pwned=1</script>',
  },
};

describe('a burner page full of script payloads (issue 18, security)', () => {
  let browser: Browser;
  let api: Api;
  let team: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ api, team } = await signUpWithTeam(baseUrl, {
      person: newPerson('Hugo Hostile', 'page-payloads'),
      teamName: 'Payload Labs',
    }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['signup', SIGNUP_PAGE],
    ['link', LINK_PAGE],
  ] as const)('runs none of them on the %s page and sends the CSP', async (kind, content) => {
    const { id, url } = await api.call<{ id: number; url: string }>('POST', `/team/${team}/pages`, {
      slug: `payloads-${kind}`,
      content,
    });
    await api.call('POST', `/team/${team}/pages/${id}/publish`);

    const context = await browser.newContext({ viewport: SCREEN_SIZES.desktop });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const response = await page.goto(url, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${baseUrl}/api/tracker/${team}.js`);

    // The payloads are there to read, as text.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(content.headline);
    expect(await page.locator('.card p').allTextContents()).toEqual(content.features);
    const button = page.locator('.hero .btn');
    expect(await button.textContent()).toBe(content.cta.label);
    if (kind === 'link') expect(await button.getAttribute('href')).toBe(content.cta.url);
    // Give handlers every chance: hover what a payload could have hooked.
    await page.getByRole('heading', { level: 1 }).hover();
    await button.hover();
    await page.locator('.card').last().hover();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // Nothing even tried to run: the CSP had nothing to refuse.
    expect(refused).toEqual([]);
    await shotAtBothSizes(page, `landing-page-payloads-${kind}`);
    // Long unbroken words (markup, addresses) wrap instead of widening the page.
    for (const viewport of Object.values(SCREEN_SIZES)) {
      await page.setViewportSize(viewport);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ viewport, width }).toEqual({ viewport, width: viewport.width });
    }
    await context.close();
  });
});
