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
  DESKTOP_UA,
  launchShopBrowser,
  sent,
  sentEverything,
  shopUrlOf,
  startTaggedShop,
  type Visit,
} from './support/tracker-visit';

// Issue 31, "done when": results filtered by device type and by new vs returning visitors equal
// the counts of what the test's visitors did. Real visitors (fresh Chromium contexts, a phone's
// user agent and screen or a desktop's) go through the real tracker; a returning visitor was on
// the site before (the tracker kept its id). Some land from a newsletter link (UTM tags) or a
// news site (the referrer); they are classed by their first exposure, whatever later views say.
// Then each segment is picked on the results page, the open ones offered by the campaign.

const baseUrl = inject('baseUrl');
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

type Device = 'phone' | 'desktop';
interface Done {
  device: Device;
  /** The class of the visitor's first exposure in the campaign. */
  visitorType: 'new' | 'returning';
  /** The utm_source of the first exposure's address; none without one. */
  source?: string | undefined;
  /** The referrer host of the first exposure; none for a typed address. */
  from?: string | undefined;
  arm: string;
  views: number;
  purchases: number;
  revenue: number;
}

describe('results by segment', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let campaignId: number;
  let elementId: number;
  const done: Done[] = [];

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Seg Ment', 'segments'));
    team = await createTeamThroughUi(page, 'Segment Lamps');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    ({ id: campaignId } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'Lamp headline by device',
      ingestedUrl: pageUrl,
      isEnabled: true,
      elements: [
        {
          id: -1,
          key: 'headline',
          selector: 'h1',
          type: 'text',
          control: { info: { value: 'Light that follows your day' } },
          variants: [
            {
              id: -2,
              key: 'sun',
              type: 'text',
              isEnabled: true,
              info: { value: 'Lamps that follow the sun', styles: [] },
            },
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
    }));
    const saved = await api.call<{ elements: { id: number }[] }>(
      'GET',
      `/team/${team}/campaign/by-id?id=${campaignId}`,
    );
    elementId = saved.elements[0]!.id;
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  /** Everything the page posted was taken (202, nothing a duplicate). */
  const allTaken = (visit: Visit) => {
    for (const post of visit.posted) expect(post.status).toBe(202);
  };

  /**
   * One visitor on a phone or a desktop: `before`, it was on another page of the site (so the
   * tracker keeps its id and its first exposure says "returning"); it opens the campaign's page
   * `views` times, buys on the last if told, and may send revenue. Everything is sent while the
   * page is open (a beacon sent as a page goes away carries Chromium's own user agent).
   */
  async function visitor(
    device: Device,
    plan: {
      before?: boolean;
      views?: number;
      buy?: boolean;
      revenue?: number;
      /** The first view's query, such as ?utm_source=newsletter. */
      query?: string;
      /** The first view's referrer host. */
      from?: string;
    },
  ) {
    const context = await browser.newContext({
      userAgent: device === 'phone' ? PHONE_UA : DESKTOP_UA,
      viewport: device === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    });
    context.setDefaultTimeout(15_000);
    const tab = await context.newPage();
    const visit: Visit = {
      context,
      page: tab,
      posted: [],
      requested: () => requests,
      beacons: [],
      warnings: [],
    };
    let requests = 0;
    const isCollect = (url: string) => url.endsWith('/api/collect');
    tab.on('request', (request) => {
      if (isCollect(request.url()) && request.method() === 'POST') requests += 1;
    });
    tab.on('requestfinished', (request) => {
      if (!isCollect(request.url()) || request.method() !== 'POST') return;
      void request.response().then((response) =>
        visit.posted.push({
          events: (JSON.parse(request.postData() ?? '{}') as { events: [] }).events,
          status: response?.status() ?? 0,
          answer: undefined,
        }),
      );
    });
    if (plan.before) {
      await tab.goto(shopUrlOf(fixtures, 'tracker-heal.html'));
      await tab.waitForLoadState('load');
      await sentEverything(visit);
    }
    const views = plan.views ?? 1;
    for (let view = 0; view < views; view += 1) {
      const first = view === 0;
      await tab.goto(
        `${pageUrl}${first ? (plan.query ?? '') : ''}`,
        first && plan.from ? { referer: `http://${plan.from}/story` } : {},
      );
      await expect.poll(() => sent(visit.posted, 'exposure').length).toBe(view + 1);
    }
    if (plan.buy) await tab.locator('#buy').click();
    if (plan.revenue) {
      await tab.evaluate((amount) => {
        (window as unknown as { kindling: (...args: unknown[]) => void }).kindling(
          'revenue',
          amount,
        );
      }, plan.revenue);
    }
    await sentEverything(visit);
    allTaken(visit);
    const exposures = sent(visit.posted, 'exposure');
    expect(exposures.every((event) => 'returning' in event)).toBe(true);
    const first = exposures[0] as {
      assignments: Record<string, number | string>;
      returning: boolean;
    };
    expect(first.returning).toBe(Boolean(plan.before));
    const purchases = sent(visit.posted, 'goal').length;
    expect(purchases).toBe(plan.buy ? 1 : 0);
    done.push({
      device,
      visitorType: first.returning ? 'returning' : 'new',
      source: new URLSearchParams(plan.query ?? '').get('utm_source') ?? undefined,
      from: plan.from,
      arm: String(first.assignments[elementId]),
      views: exposures.length,
      purchases,
      revenue: sent(visit.posted, 'revenue').reduce((sum, event) => sum + Number(event.amount), 0),
    });
    await context.close();
  }

  /** What the visitors in a segment did, per arm: views, visitors, purchases, revenue. */
  const expected = (inSegment: (visitor: Done) => boolean) => {
    const arms = new Map<
      string,
      { views: number; visitors: number; purchases: number; revenue: number }
    >();
    for (const arm of ['control', ...new Set(done.map((d) => d.arm))]) {
      arms.set(arm, { views: 0, visitors: 0, purchases: 0, revenue: 0 });
    }
    for (const visitor of done.filter(inSegment)) {
      const arm = arms.get(visitor.arm)!;
      arm.views += visitor.views;
      arm.visitors += 1;
      arm.purchases += visitor.purchases;
      arm.revenue += visitor.revenue;
    }
    return arms;
  };

  it('collects phone and desktop visitors, new and returning, through the tracker', async () => {
    await visitor('phone', { buy: true, revenue: 25 });
    await visitor('phone', { views: 2, query: '?utm_source=newsletter&utm_medium=email' });
    await visitor('phone', { before: true, buy: true, from: 'news.example' });
    await visitor('desktop', { query: '?utm_source=Newsletter', buy: true });
    await visitor('desktop', { before: true, views: 2, from: 'news.example' });
    await visitor('desktop', { buy: true, revenue: 40 });
    expect(done.map((d) => `${d.device} ${d.visitorType}`)).toEqual([
      'phone new',
      'phone new',
      'phone returning',
      'desktop new',
      'desktop returning',
      'desktop new',
    ]);
  });

  const segments: [string, string, (visitor: Done) => boolean][] = [
    ['device:phone', 'Phones', (v) => v.device === 'phone'],
    ['device:desktop', 'Desktops', (v) => v.device === 'desktop'],
    ['visitor:new', 'New visitors', (v) => v.visitorType === 'new'],
    ['visitor:returning', 'Returning visitors', (v) => v.visitorType === 'returning'],
    [
      'utm_source:newsletter',
      'utm_source newsletter',
      (v) => v.source?.toLowerCase() === 'newsletter',
    ],
    ['utm_source:(none)', 'Without utm_source', (v) => v.source === undefined],
    ['referrer:news.example', 'Visitors from news.example', (v) => v.from === 'news.example'],
  ];

  it('answers each segment with what its visitors did, through the API', async () => {
    for (const [choice, , inSegment] of segments) {
      const [dimension, value] = choice.split(':');
      const stats = await api.call<{
        elements: Record<
          string,
          { variants: Record<string, { overall: { cumulative: Record<string, number> } }> }
        >;
      }>('POST', `/team/${team}/campaign/stats`, {
        id: campaignId,
        range: {
          start: new Date(Date.now() - 86_400_000).toISOString(),
          end: new Date(Date.now() + 3_600_000).toISOString(),
        },
        timezone: 'UTC',
        granularity: 'day',
        segment: { dimension, value },
      });
      const answered = stats.elements[String(elementId)]!.variants;
      for (const [arm, want] of expected(inSegment)) {
        const got = answered[arm]!.overall.cumulative;
        expect(
          {
            views: got.views,
            visitors: got.visitors,
            purchases: got.conversions,
            revenue: got.revenue,
          },
          `${choice} ${arm}`,
        ).toEqual(want);
      }
    }
  });

  it('shows each segment picked on the results page with its visitors’ figures', async () => {
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    const results = page.getByTestId('results');
    await results.getByTestId('results-body').waitFor();
    const segment = results.getByLabel('Segment');
    const cell = (arm: string, label: string) =>
      results.getByTestId(`arm-${arm}`).locator(`td[data-label="${label}"]`).innerText();
    for (const [choice, label, inSegment] of segments) {
      await segment.selectOption(choice);
      await results.getByRole('heading', { name: `Results: ${label}` }).waitFor();
      await results.getByTestId('segment-notice').waitFor();
      expect(await results.getByTestId('segment-notice').innerText()).toContain(
        'A segment: read it as a lead, not a verdict.',
      );
      for (const [arm, want] of expected(inSegment)) {
        await expect.poll(() => cell(arm, 'Views')).toBe(String(want.views));
        expect(await cell(arm, 'Visitors')).toBe(String(want.visitors));
      }
      if (choice === 'device:phone' || choice === 'utm_source:newsletter') {
        await results.scrollIntoViewIfNeeded();
        await shotAtBothSizes(page, `results-segment-${choice.replace(/\W+/g, '-')}`);
      }
    }
    // No visitor came on a tablet: said so, not a table of zeros.
    await segment.selectOption('device:tablet');
    await results.getByTestId('segment-empty').waitFor();
    expect(await results.getByTestId('segment-empty').innerText()).toContain(
      'No visitors in “Tablets” yet',
    );
    await shotAtBothSizes(page, 'results-segment-empty');
    // Back to everyone: the plain heading and every visitor.
    await segment.selectOption('all');
    await results.getByRole('heading', { name: 'Results', exact: true }).waitFor();
    expect(await results.getByTestId('segment-notice').count()).toBe(0);
    for (const [arm, want] of expected(() => true)) {
      await expect.poll(() => cell(arm, 'Visitors')).toBe(String(want.visitors));
    }
  });
});
