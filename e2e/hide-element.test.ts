import { assignCampaigns, type BucketingCampaign } from '@kindling/domain';
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
import { createHeadlineCampaign, SHOP_HEADLINE } from './support/headline-shop';
import { previewFrame } from './support/preview-click';
import {
  framesOf,
  launchShopBrowser,
  sent,
  shopUrlOf,
  startTaggedShop,
  visitShop,
} from './support/tracker-visit';
import { addVariantInEditor, routeShopPreview } from './support/variant-editor';

// Issue 32, "hide an element": in the campaign's variant editor a variant is switched to hide
// the headline; the preview shows the page without it, and a visitor drawn into that variant
// never sees the headline, from the first frame, through the real tracker.

const baseUrl = inject('baseUrl');

interface Saved {
  elements: { variants: { id: number; info: { value: string; hidden?: true } }[] }[];
}

describe('a variant that hides an element', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let campaignId: number;

  const load = () => api.call<Saved>('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
  const sideMenu = () => page.getByTestId('element-side-menu');

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Hedda Hide', 'hide-element'));
    team = await createTeamThroughUi(page, 'Hidden Lamps');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    campaignId = await createHeadlineCampaign(api, team, {
      name: 'Without a headline',
      description: 'Hide',
      ingestedUrl: pageUrl,
      isEnabled: true,
      variants: [{ key: 'sun', value: 'Light that follows the sun' }],
    });
    await routeShopPreview(page);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('is switched on in the variant editor, previewed without the element, and saved', async () => {
    await addVariantInEditor(page, team, campaignId);
    const editor = page.getByTestId('draft-editor');
    await editor.getByLabel('Variant 1 text', { exact: true }).waitFor();
    await editor.getByRole('switch', { name: 'Hide this element' }).click();
    await editor
      .getByText('Visitors who get this variant do not see the element at all.')
      .waitFor();
    // Nothing to write: the text field goes, and saving needs no text.
    expect(await editor.getByLabel('Variant 1 text', { exact: true }).count()).toBe(0);
    await expect
      .poll(() =>
        previewFrame(page)
          .locator('h1')
          .evaluate((h1) => getComputedStyle(h1).display),
      )
      .toBe('none');
    await shotAtBothSizes(page, 'hide-element-draft');

    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(async () => (await load()).elements[0]!.variants.length).toBe(2);
    const saved = (await load()).elements[0]!.variants[1]!;
    expect(saved.info.hidden).toBe(true);
    await sideMenu().getByText('Element hidden').waitFor();
    await shotAtBothSizes(page, 'hide-element-saved');
  });

  it('never shows the element to a visitor of that variant, and counts the exposure', async () => {
    const hiddenId = (await load()).elements[0]!.variants[1]!.id;
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: BucketingCampaign[];
    };
    let visitorId = '';
    for (let i = 0; !visitorId; i += 1) {
      const arms = assignCampaigns(`hidden-${i}`, config.campaigns).get(campaignId);
      if (arms && Object.values(arms)[0] === hiddenId) visitorId = `hidden-${i}`;
    }
    const visit = await visitShop(browser, pageUrl, { visitorId });
    await visit.page.waitForLoadState('load');
    await expect.poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 }).toBe(1);
    const paintedFrames = async () => (await framesOf(visit.page)).filter((frame) => frame.h1);
    // Frames well past the change, however loaded the machine.
    await expect.poll(async () => (await paintedFrames()).length).toBeGreaterThan(30);
    const painted = await paintedFrames();
    // Hidden by the tracker until the change, then gone: never painted with its text.
    expect(painted.filter((frame) => frame.h1!.visible)).toEqual([]);
    expect(await visit.page.locator('h1').textContent()).toContain(SHOP_HEADLINE);
    const [exposure] = sent(visit.posted, 'exposure');
    const elementId = Object.keys(exposure!.assignments as object)[0]!;
    expect(exposure!.assignments).toEqual({ [elementId]: hiddenId });
    expect((exposure!.applied as Record<string, unknown>)[elementId]).toEqual(expect.any(Number));
    // The page renders its headline anew (a single-page app's re-render): hidden again.
    await visit.page.evaluate((text) => {
      const headline = document.createElement('h1');
      headline.textContent = text;
      document.querySelector('h1')!.replaceWith(headline);
    }, SHOP_HEADLINE);
    await expect
      .poll(() => visit.page.locator('h1').evaluate((h1) => getComputedStyle(h1).display))
      .toBe('none');
    await visit.page.context().close();
  });
});
