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
import { SHOP_HEADLINE, startHeadlineShop, variantVisitor } from './support/headline-shop';
import {
  framesOf,
  launchShopBrowser,
  sent,
  visitShop,
  type VisitOptions,
} from './support/tracker-visit';

// Issue 31, "who sees it": an audience set on the campaign page, then real visitors through the
// real tracker: a phone visitor from the newsletter sees the variant; a desktop visitor does
// not, nor a phone visitor from elsewhere; an attribute the site sets with kindling('set').

const baseUrl = inject('baseUrl');
const VARIANT = 'Lamps that follow the sun';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('who sees a campaign: audiences', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let campaignId: number;
  let visitorId = '';

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Aud Ience', 'audiences'));
    team = await createTeamThroughUi(page, 'Audience Lamps');
    api = await Api.of(page, baseUrl);
    ({ fixtures, pageUrl, campaignId } = await startHeadlineShop(api, team, {
      description: 'Audiences',
      variants: [{ key: 'sun', value: VARIANT }],
    }));
    visitorId = await variantVisitor(baseUrl, team, campaignId, 'audience-visitor');
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  /** A visitor in the variant's bucket opens `url`: the headlines its frames showed, exposures. */
  async function visit(url: string, options: VisitOptions = {}) {
    const seen = await visitShop(browser, url, { visitorId, ...options });
    await seen.page.waitForLoadState('load');
    await seen.page.waitForTimeout(1_500);
    const frames = await framesOf(seen.page);
    const headlines = [...new Set(frames.filter((f) => f.h1?.visible).map((f) => f.h1!.text))];
    return { headlines, exposures: sent(seen.posted, 'exposure').length, visit: seen };
  }

  const card = () => page.getByTestId('audience');

  it('sets "phone and from the newsletter" on the campaign page', async () => {
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    await card().getByText('Visitors who match conditions').click();
    const first = card().getByRole('listitem', { name: 'Condition 1' });
    expect(await first.getByLabel("Visitor's").inputValue()).toBe('deviceType');
    expect(await first.getByLabel('Value').inputValue()).toBe('phone');
    await card().getByRole('button', { name: 'Add a condition' }).click();
    const second = card().getByRole('listitem', { name: 'Condition 2' });
    await second.getByLabel("Visitor's").selectOption('utmSource');
    await second.getByLabel('Value').fill('');
    await card().getByRole('button', { name: 'Save' }).click();
    // The server's sentence, on the condition it is about; nothing saved.
    await expect
      .poll(() => second.getByRole('alert').textContent())
      .toBe('Enter a value to compare with.');
    expect(
      await api.call('GET', `/team/${team}/campaign/audience?campaignId=${campaignId}`),
    ).toMatchObject({ audience: null });
    await second.getByLabel('Value').fill('newsletter');
    await card().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('Who sees the campaign is saved.').isVisible())
      .toBe(true);
    expect(
      await api.call('GET', `/team/${team}/campaign/audience?campaignId=${campaignId}`),
    ).toMatchObject({
      audience: {
        match: 'all',
        conditions: [
          { attribute: 'deviceType', operator: 'is', value: 'phone' },
          { attribute: 'utmSource', operator: 'is', value: 'newsletter' },
        ],
      },
    });
    await card().scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'audience-saved');
  });

  it('shows the variant to a phone visitor from the newsletter only', async () => {
    const newsletter = `${pageUrl}?utm_source=newsletter`;
    const phone = await visit(newsletter, { userAgent: PHONE_UA });
    expect(phone.headlines).toEqual([VARIANT]);
    expect(phone.exposures).toBe(1);
    // The visit keeps its UTM tags: the next page view without them is still in.
    await phone.visit.page.goto(pageUrl);
    await phone.visit.page.waitForTimeout(1_500);
    const again = await framesOf(phone.visit.page);
    expect([...new Set(again.filter((f) => f.h1?.visible).map((f) => f.h1!.text))]).toEqual([
      VARIANT,
    ]);
    await phone.visit.context.close();

    for (const [url, userAgent] of [
      [newsletter, undefined],
      [`${pageUrl}?utm_source=other`, PHONE_UA],
      [pageUrl, PHONE_UA],
    ] as const) {
      const outside = await visit(url, userAgent ? { userAgent } : {});
      expect(outside.headlines, `${url} ${userAgent ?? 'desktop'}`).toEqual([SHOP_HEADLINE]);
      expect(outside.exposures, `${url} ${userAgent ?? 'desktop'}`).toBe(0);
      await outside.visit.context.close();
    }
  });

  it("takes an attribute the site sets with kindling('set') before the tag", async () => {
    await api.call('PUT', `/team/${team}/campaign/audience`, {
      campaignId,
      audience: {
        match: 'all',
        conditions: [{ attribute: 'attribute', name: 'plan', operator: 'is', value: 'pro' }],
      },
    });
    const setPlan = (plan: string) =>
      `window.kindling=function(){(window.kindling.q=window.kindling.q||[]).push(arguments)};` +
      `kindling('set',{plan:${JSON.stringify(plan)}});`;
    // The tracker's files follow the change at the next request; a fresh visitor each time.
    await expect
      .poll(
        async () => {
          const pro = await visit(pageUrl, { before: setPlan('pro') });
          await pro.visit.context.close();
          return pro.headlines;
        },
        { timeout: 15_000 },
      )
      .toEqual([VARIANT]);
    const free = await visit(pageUrl, { before: setPlan('free') });
    expect(free.headlines).toEqual([SHOP_HEADLINE]);
    expect(free.exposures).toBe(0);
    await free.visit.context.close();
  });
});
