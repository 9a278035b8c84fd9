import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';

// Issue 14: stored XSS payloads in every string field a person types are shown as text on the
// app's screens and never run in the app's origin. Any run would raise a dialog or set a flag.

const baseUrl = inject('baseUrl');

/** Ends an attribute and a tag, then tries an event handler and an inline script. */
const xss = (field: string) =>
  `${field} "><img src=x onerror=alert('${field}')><script>window.__xss='${field}'</script>`;

const FIELDS = ['team', 'user', 'campaign', 'element', 'variant', 'goal', 'label'] as const;

describe('stored XSS payloads', () => {
  let browser: Browser;
  let page: Page;
  let team: string;
  let campaignId: number;
  const dialogs: string[] = [];
  const shown = new Set<string>();

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signUpThroughUi(page, newPerson(xss('user'), 'xss'));
    team = await createTeamThroughUi(page, xss('team'));
    const api = await Api.of(page, baseUrl);
    ({ id: campaignId } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: xss('campaign'),
      description: 'Stored XSS probe',
      ingestedUrl: 'https://shop.example.com/landing',
      elements: [
        {
          id: -1,
          key: 'headline',
          selector: 'h1.hero',
          type: 'text',
          control: { info: { value: xss('element') } },
          variants: [{ id: -2, key: 'probe', type: 'text', info: { value: xss('variant') } }],
        },
      ],
      goals: [
        {
          id: -3,
          isConversionGoal: true,
          event: {
            type: 2,
            name: xss('goal'),
            elements: [{ id: 'b', label: xss('label'), selector: '#buy' }],
          },
        },
      ],
    }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  const SCREENS = [
    ['campaign list', () => `/admin/${team}/campaigns`],
    ['campaign results', () => `/admin/${team}/campaign/${campaignId}`],
    ['campaign editor', () => `/admin/${team}/campaign/${campaignId}/edit`],
    ['team settings', () => `/admin/${team}/team`],
    ['user settings', () => `/admin/${team}/user/info`],
  ] as const;

  it.each(SCREENS)('the %s shows the payloads as text and runs none', async (_name, url) => {
    await page.goto(url());
    await page.waitForLoadState('networkidle');
    const text = await page.evaluate(() => {
      const fields = Array.from(document.querySelectorAll<HTMLInputElement>('input, textarea'));
      return [document.body.innerText, ...fields.map((field) => field.value)].join('\n');
    });
    for (const field of FIELDS) if (text.includes(xss(field))) shown.add(field);
    expect(await page.locator('img[src="x"], script:not([src])').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it('showed every field somewhere (positive control), ran nothing anywhere', async () => {
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    await page.waitForLoadState('networkidle');
    await shotAtBothSizes(page, 'stored-xss-results');
    expect([...shown].sort()).toEqual([...FIELDS].sort());
    expect(dialogs).toEqual([]);
  });
});
