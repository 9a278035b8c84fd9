import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import {
  launchShopBrowser,
  sent,
  sentEverything,
  shopUrlOf,
  startTaggedShop,
  visitShop,
} from './support/tracker-visit';

// Issue 35, "done when": a campaign whose three elements change together serves whole pages
// only: among 40 fresh visitors through the real tracker, none sees a mix of arms.

const baseUrl = inject('baseUrl');
const VISITORS = 40;

const text = (id: number, key: string, selector: string, original: string, values: string[]) => ({
  id,
  key,
  selector,
  type: 'text',
  control: { info: { value: original } },
  variants: values.map((value, i) => ({
    id: id * 10 - i,
    key: `${key}-${i + 1}`,
    type: 'text',
    info: { value },
  })),
});

/** Arm 0 is the original page; arm k shows variant k of every element. */
const PAGES = [
  ['The desk lamp that follows your day', 'Buy now — $89', 'Warm in the evening'],
  ['Light that keeps up with you', 'Get yours — $89', 'Light for every hour'],
  ['Warm light for late work', 'Order today — $89', 'Made for late nights'],
];

describe('elements changed together', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Lin Linked', 'linked'));
    team = await createTeamThroughUi(page, 'Lumen Together');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    const column = (i: number) => PAGES.map((shown) => shown[i]!);
    const [headline, button, lead] = [column(0), column(1), column(2)];
    await api.call('POST', `/team/${team}/campaign/create`, {
      name: 'Lamp page, together',
      ingestedUrl: shopUrlOf(fixtures, 'tracker-landing.html'),
      isEnabled: true,
      meta: { linkedElements: true },
      elements: [
        text(-1, 'headline', 'h1', headline[0]!, headline.slice(1)),
        text(-2, 'buy', '#buy', button[0]!, button.slice(1)),
        // The lead paragraph's text is longer; its variants replace it whole.
        text(-3, 'lead', 'p.lead', 'Lead', lead.slice(1)),
      ],
      goals: [
        {
          id: -9,
          isConversionGoal: true,
          event: { type: 1, name: 'Thanks', url: shopUrlOf(fixtures, 'thanks.html') },
        },
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it(`serves whole-page arms only to ${VISITORS} visitors, each arm at least once`, async () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < VISITORS; i += 1) {
      const visit = await visitShop(browser, shopUrlOf(fixtures, 'tracker-landing.html'));
      // Counted: each visitor's exposure reaches Kindling.
      await expect.poll(() => sent(visit.posted, 'exposure').length).toBe(1);
      await sentEverything(visit);
      const shown = await visit.page.evaluate(() =>
        ['h1', '#buy', 'p.lead'].map((selector) =>
          (document.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim(),
        ),
      );
      await visit.context.close();
      const arm = PAGES.findIndex(
        (expected, k) =>
          shown[0] === expected[0] &&
          shown[1] === expected[1] &&
          (k === 0
            ? shown[2] !== PAGES[1]![2] && shown[2] !== PAGES[2]![2]
            : shown[2] === expected[2]),
      );
      expect(arm, `visitor ${i} saw a mixed page: ${shown.join(' | ')}`).toBeGreaterThanOrEqual(0);
      seen.set(String(arm), (seen.get(String(arm)) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['0', '1', '2']);
  });

  it('reports the whole-page arms on the results, with what each arm shows', async () => {
    const [campaign] = await api.campaigns(team);
    await page.goto(`/admin/${team}/campaign/${campaign!.id}`);
    await page.getByTestId('results-body').waitFor({ timeout: 30_000 });
    await page.getByText('Whole page: 3 elements changed together').waitFor();
    const arms = page.getByTestId('linked-arm');
    await expect.poll(() => arms.count()).toBe(3);
    expect(await arms.nth(2).innerText()).toContain('“Order today — $89”');
    await page.getByTestId('linked-arms').scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'linked-01-results');
  });

  it('each element on its own: the results list the pages visitors got', async () => {
    const pageUrl = shopUrlOf(fixtures, 'tracker-heal.html');
    const { id } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'Lamp shop, each on its own',
      ingestedUrl: pageUrl,
      isEnabled: true,
      elements: [
        text(-1, 'headline', 'h1', 'Lamps for every desk', ['Lamps that follow your day']),
        text(-2, 'promo', 'p.promo', 'Free shipping over $50', ['Ships free today']),
      ],
      goals: [
        {
          id: -9,
          isConversionGoal: true,
          event: { type: 1, name: 'Thanks', url: shopUrlOf(fixtures, 'thanks.html') },
        },
      ],
    });
    for (let i = 0; i < 16; i += 1) {
      const visit = await visitShop(browser, pageUrl);
      await expect.poll(() => sent(visit.posted, 'exposure').length).toBe(1);
      await sentEverything(visit);
      await visit.context.close();
    }
    await page.goto(`/admin/${team}/campaign/${id}`);
    await page.getByTestId('results-body').waitFor({ timeout: 30_000 });
    const rows = page.getByTestId('combination');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const visitors = await rows.evaluateAll((trs) =>
      trs.map((tr) => Number(tr.children[2]!.textContent.replace(/\D/g, ''))),
    );
    expect(visitors.reduce((sum, n) => sum + n, 0)).toBe(16);
    await page
      .getByTestId('headline-conversionsPerSession')
      .getByText('Each element on its own: see the pages visitors got below')
      .waitFor();
    await page.getByTestId('combinations').scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'linked-02-combinations');
  });
});
