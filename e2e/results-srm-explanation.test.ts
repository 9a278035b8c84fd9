import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  SCREEN_SIZES,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import {
  describeWithPostgres,
  startPostgresServer,
  type PostgresServer,
} from './support/postgres-server';

// Issue 29, "SRM that explains itself": tracker events go to POST /api/collect with each
// browser's own User-Agent header, as real visits would, and variant 1 loses most of its
// visitors on iPhones. The results page says the split is broken, and where.

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describeWithPostgres('results page: a sample ratio mismatch explained', () => {
  let server: PostgresServer;
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;

  beforeAll(async () => {
    server = await startPostgresServer({ COLLECT_RATE_LIMIT_PER_MINUTE: '1000' });
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.baseUrl));
    await page.setViewportSize(SCREEN_SIZES.desktop);
    await signUpThroughUi(page, newPerson('Sam Ratio', 'srm-explained'));
    team = await createTeamThroughUi(page, 'Ratio Lamps');
    api = await Api.of(page, server.baseUrl);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * `count` new visitors of `arm`, every tenth of whom buys, sent as a tracker on `agent` would,
   * 100 events a request.
   */
  async function visit(
    campaign: { id: number; elementId: number; purchase: number },
    { arm, count, agent }: { arm: number | 'control'; count: number; agent: string },
  ) {
    const events = Array.from({ length: count }, (_, i) => {
      const visitor = {
        campaignId: campaign.id,
        visitorId: randomUUID(),
        sessionId: randomUUID(),
        url: 'https://lamps.example.com/',
      };
      const exposure = {
        ...visitor,
        id: randomUUID(),
        ts: Date.now(),
        type: 'exposure',
        assignments: { [campaign.elementId]: arm },
        applied: {},
        ...(i % 3 === 0 ? { referrer: 'www.google.com' } : {}),
        returning: i % 4 === 0,
      };
      const purchase = { ...visitor, id: randomUUID(), ts: Date.now() + 1000, type: 'goal' };
      return i % 10 === 0 ? [exposure, { ...purchase, goalId: campaign.purchase }] : [exposure];
    }).flat();
    for (let i = 0; i < events.length; i += 100) {
      const response = await fetch(`${server.baseUrl}/api/collect`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': agent },
        body: JSON.stringify({ events: events.slice(i, i + 100) }),
      });
      expect(response.status, await response.text()).toBe(202);
    }
  }

  it('names the browser and device where a variant loses its visitors', async () => {
    const { id } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'Safari breaks',
      description: 'A headline whose variant fails on iPhones',
      ingestedUrl: 'https://lamps.example.com/',
      isEnabled: true,
      elements: [
        {
          id: -1,
          key: 'headline',
          selector: 'h1.hero',
          type: 'text',
          control: { info: { value: 'The desk lamp that follows your day' } },
          variants: [
            { id: -2, key: 'sun', type: 'text', info: { value: 'Light that moves with the sun' } },
          ],
        },
      ],
      goals: [
        {
          id: -10,
          isConversionGoal: true,
          event: {
            type: 2,
            name: 'Purchase',
            elements: [{ id: 'b', label: 'Buy', selector: '#buy' }],
          },
        },
      ],
    });
    const campaign = await api.call<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number }[];
    }>('GET', `/team/${team}/campaign/by-id?id=${id}`);
    const element = campaign.elements[0]!;
    const made = { id, elementId: element.id, purchase: campaign.goals[0]!.id };
    const variant = element.variants[0]!.id;
    await visit(made, { arm: 'control', count: 300, agent: CHROME_DESKTOP });
    await visit(made, { arm: variant, count: 300, agent: CHROME_DESKTOP });
    await visit(made, { arm: 'control', count: 200, agent: SAFARI_IPHONE });
    await visit(made, { arm: variant, count: 40, agent: SAFARI_IPHONE });

    await page.goto(`/admin/${team}/campaign/${id}`);
    await page.getByTestId('results-body').waitFor({ timeout: 20_000 });
    const verdict = page.getByTestId(`verdict-${element.id}`);
    await expect
      .poll(() => verdict.getAttribute('data-verdict'), { timeout: 20_000 })
      .toBe('sample_ratio_mismatch');
    const panel = page.getByTestId(`srm-explanation-${element.id}`);
    await panel.waitFor();
    // 200 of the original's 500 new visitors, 40 of variant 1's 340.
    expect(await page.getByTestId(`srm-explanation-summary-${element.id}`).innerText()).toBe(
      "Safari on phones made up 40% of the original's exposures but 12% of Variant 1's: " +
        'something in Variant 1 fails there. Without them the split is as expected.',
    );
    const rows = (await panel.locator('tbody tr').allInnerTexts()).map((text) =>
      text.replace(/\s+/g, ' ').trim(),
    );
    expect(rows[0]).toBe('Safari on phones 40% (200) 11.8% (40)');
    expect(rows.map((row) => row.split(/ \d/)[0])).toEqual([
      'Safari on phones',
      'Safari',
      'Phones',
    ]);
    expect(await panel.getByRole('columnheader').allInnerTexts()).toEqual([
      'Segment',
      'Original',
      'Variant 1',
    ]);
    await panel.scrollIntoViewIfNeeded();
    // The panel fits the phone's width: no sideways scroll.
    await page.setViewportSize(SCREEN_SIZES.phone);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(SCREEN_SIZES.phone.width);
    await page.setViewportSize(SCREEN_SIZES.desktop);
    await shotAtBothSizes(page, 'results-srm-explanation');
  });
});
