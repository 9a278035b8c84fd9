import { assignCampaigns, type BucketingCampaign } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import { newPerson, shotAtBothSizes, signUpWithTeam, type Api } from './support/flows';
import {
  launchShopBrowser,
  sent,
  sentEverything,
  shopUrlOf,
  startTaggedShop,
  visitShop,
} from './support/tracker-visit';

// Self-healing (issue 11). The price was picked on tracker-heal.html; the selector and the
// fingerprint below are what the editor stores for it there. tracker-heal-redesigned.html is
// the same page after a redesign (the price's class renamed, a new offer inserted before it),
// where the positional selector names the new offer instead: the tracker checks the match
// against the fingerprint, finds the price by it, applies the variant there and says so.

const baseUrl = inject('baseUrl');
const ORIGINAL = 'Only $89 this week';
const VARIANT = 'Now $79 this week';
const SELECTOR = '#offers p:nth-of-type(2)';
const FINGERPRINT = {
  tag: 'p',
  text: ORIGINAL,
  classes: ['price'],
  landmark: 'main',
  path: ['div', 'section', 'main'],
  index: 1,
};

interface Served {
  campaignId: number;
  elementId: number;
  variantId: number;
  url: string;
}

describe('the tracker on a redesigned page', () => {
  let browser: Browser;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let original: Served;
  let redesigned: Served;
  let visitorId = '';

  const offers = (page: Page) =>
    page.locator('#offers p').evaluateAll((ps) => ps.map((p) => p.textContent));

  /** A campaign on `page` changing the price picked on the original page. */
  async function priceCampaign(page: string): Promise<Served> {
    const url = shopUrlOf(fixtures, page);
    const { id: campaignId } = await api.call<{ id: number }>(
      'POST',
      `/team/${team}/campaign/create`,
      {
        name: `Price test on ${page}`,
        description: 'Self-healing end-to-end',
        ingestedUrl: url,
        isEnabled: true,
        trafficAllocation: 100,
        elements: [
          {
            id: -1,
            key: 'price',
            selector: SELECTOR,
            fingerprint: FINGERPRINT,
            type: 'text',
            control: { info: { value: ORIGINAL } },
            variants: [
              { id: -2, key: 'cheaper', type: 'text', isEnabled: true, info: { value: VARIANT } },
            ],
          },
        ],
        goals: [{ id: -3, isConversionGoal: true, event: { type: 1, name: 'Thanks', url } }],
      },
    );
    const campaign = await api.call<{ elements: { id: number; variants: { id: number }[] }[] }>(
      'GET',
      `/team/${team}/campaign/by-id?id=${campaignId}`,
    );
    const [element] = campaign.elements;
    return { campaignId, elementId: element!.id, variantId: element!.variants[0]!.id, url };
  }

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ api, team } = await signUpWithTeam(baseUrl, {
      person: newPerson('Healing Tester', 'healing'),
      teamName: 'Lumen Offers',
    }));
    fixtures = await startTaggedShop(api, team);
    original = await priceCampaign('tracker-heal.html');
    redesigned = await priceCampaign('tracker-heal-redesigned.html');

    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: (BucketingCampaign & { elements: { fingerprint?: unknown }[] })[];
    };
    // The fingerprint is served to the tracker beside the selector.
    expect(config.campaigns.map((campaign) => campaign.elements[0]!.fingerprint)).toEqual([
      FINGERPRINT,
      FINGERPRINT,
    ]);
    const inVariant = (id: string) =>
      [original, redesigned].every(
        (served) =>
          assignCampaigns(id, config.campaigns).get(served.campaignId)?.[served.elementId] ===
          served.variantId,
      );
    for (let i = 0; !visitorId; i += 1) if (inVariant(`heal-${i}`)) visitorId = `heal-${i}`;
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('applies the variant by its selector while the page is unchanged, healing nothing', async () => {
    const visit = await visitShop(browser, original.url, { visitorId });
    await expect
      .poll(() => offers(visit.page), { timeout: 15_000 })
      .toEqual(['Free shipping over $50', VARIANT]);
    await expect.poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 }).toBe(1);
    const [exposure] = sent(visit.posted, 'exposure');
    expect(exposure).toMatchObject({
      campaignId: original.campaignId,
      applied: { [original.elementId]: expect.any(Number) },
    });
    expect(exposure).not.toHaveProperty('healed');
    await sentEverything(visit);
    await visit.context.close();
  });

  it('finds the element by its fingerprint after a class rename and an inserted sibling', async () => {
    const visit = await visitShop(browser, redesigned.url, { visitorId });
    // The selector names the new offer now; it keeps its text, and the price changes.
    await expect
      .poll(() => offers(visit.page), { timeout: 15_000 })
      .toEqual(['Free shipping over $50', 'New: linen shades', VARIANT]);
    expect(await visit.page.locator('.price-tag').textContent()).toBe(VARIANT);
    await shotAtBothSizes(visit.page, 'tracker-healed');
    await expect.poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 }).toBe(1);
    const [exposure] = sent(visit.posted, 'exposure');
    expect(exposure).toMatchObject({
      campaignId: redesigned.campaignId,
      applied: { [redesigned.elementId]: expect.any(Number) },
      healed: [redesigned.elementId],
    });
    await sentEverything(visit);
    // /api/collect took the exposure with its healed list.
    expect(visit.posted.map((post) => [post.status, post.answer])).toEqual(
      visit.posted.map((post) => [202, { accepted: post.events.length, duplicates: 0 }]),
    );
    await visit.context.close();
  });
});
