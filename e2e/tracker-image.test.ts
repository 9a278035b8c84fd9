import { assignCampaigns, type BucketingCampaign } from '@kindling/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import { newPerson, signUpWithTeam } from './support/flows';
import {
  createHeroPhotoCampaign,
  framesOf,
  launchShopBrowser,
  shopUrlOf,
  startTaggedShop,
  visitShop,
} from './support/tracker-visit';

// An image variant on a page whose original image has loaded before the config came (a cached
// photo, a slow config). The browser paints an <img>'s old image until its new one has loaded,
// so the element may only show once the variant's image has: else the visitor sees the
// original photo first, then the swap.

const baseUrl = inject('baseUrl');
/** The variant's photo: another address, which the site answers this late. */
const VARIANT_FILE = 'lamp-red.png';
const VARIANT_DELAY_MS = 400;

describe('an image variant through the real tracker', () => {
  let browser: Browser;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let visitorId = '';

  beforeAll(async () => {
    browser = await launchShopBrowser();
    const { api, team } = await signUpWithTeam(baseUrl, {
      person: newPerson('Photo Tester', 'tracker-image'),
      teamName: 'Lumen Photos',
    });
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    const campaignId = await createHeroPhotoCampaign(api, team, fixtures, {
      name: 'Red lamp photo',
      variantFile: VARIANT_FILE,
    });
    // A visitor the public hash puts in the variant.
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: BucketingCampaign[];
    };
    const element = config.campaigns.find((campaign) => campaign.id === campaignId)!.elements[0]!;
    for (let i = 0; !visitorId; i += 1) {
      const arm = assignCampaigns(`photo-visitor-${i}`, config.campaigns).get(campaignId);
      if (arm?.[element.id] === element.variants[0]!.id) visitorId = `photo-visitor-${i}`;
    }
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('never paints the original photo when it loaded before the config', async () => {
    const { context, page } = await visitShop(browser, pageUrl, {
      visitorId,
      delayConfigMs: 300,
      slowFiles: { [VARIANT_FILE]: VARIANT_DELAY_MS },
    });
    await expect
      .poll(async () => (await framesOf(page)).at(-1)?.hero, { timeout: 10_000 })
      .toEqual({ text: VARIANT_FILE, visible: true });
    const painted = (await framesOf(page)).filter((frame) => frame.hero);
    // The original had loaded long before the variant's photo could (the config alone took
    // 300 ms): frames went by with the old image in the element, all of them hidden.
    const originalLoaded = await page.evaluate(
      () =>
        (
          performance.getEntriesByName(
            new URL('lamp.png', location.href).href,
          )[0] as PerformanceResourceTiming
        ).responseEnd,
    );
    const swapped = painted.filter(
      (frame) => frame.t > originalLoaded && frame.hero!.text === 'lamp.png',
    );
    expect(swapped.length).toBeGreaterThan(5);
    expect(
      painted.filter((frame) => frame.hero!.visible && frame.hero!.text !== VARIANT_FILE),
    ).toEqual([]);
    await context.close();
  });
});
