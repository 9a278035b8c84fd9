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
import { variantVisitor } from './support/headline-shop';
import { clickInPreview, previewFrame } from './support/preview-click';
import {
  launchShopBrowser,
  sent,
  sentEverything,
  shopUrlOf,
  startTaggedShop,
  visitShop,
} from './support/tracker-visit';
import { addVariantInEditor, routeShopPreview } from './support/variant-editor';

// Issue 32, moving an element: in the variant editor, the buy button moved before the lead
// paragraph, its target picked in the preview, and a copy instead; then, through the real
// tracker, the first feature card moved after the third by a positional selector. A visitor of
// that variant sees the new order from the first painted frame, the card that slides into the
// first place is never moved in its turn, and the order comes back after a re-render of the
// cards and after the page moves the card back itself.

const baseUrl = inject('baseUrl');
const FEATURES = ['Follows the sun', 'No app needed', 'Five-year warranty'];
const MOVED = [FEATURES[1], FEATURES[2], FEATURES[0]];
const FIRST_CARD = '.features > .feature:nth-child(1)';

/** Every animation frame before the page's own scripts: the cards' order and the first's visibility. */
const RECORD_CARD_FRAMES = `
  window.__cards = [];
  const sample = () => {
    const cards = [...document.querySelectorAll('.feature h3')];
    const first = cards.find((card) => card.textContent === 'Follows the sun');
    if (first) {
      window.__cards.push({
        order: cards.map((card) => card.textContent),
        visible: getComputedStyle(first).visibility !== 'hidden',
      });
    }
    if (window.__cards.length < 300) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
`;

interface Saved {
  elements: { id: number; variants: { id: number; info: { move?: object } }[] }[];
}

describe('moving an element', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;

  const createCampaign = (name: string, element: object) =>
    api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name,
      description: 'Where things go',
      ingestedUrl: pageUrl,
      isEnabled: true,
      elements: [{ id: -1, key: 'moved', type: 'text', variants: [], ...element }],
      goals: [],
    });
  const load = (id: number) => api.call<Saved>('GET', `/team/${team}/campaign/by-id?id=${id}`);
  const editor = () => page.getByTestId('draft-editor');

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Mona Move', 'move-element'));
    team = await createTeamThroughUi(page, 'Moving Lamps');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    await routeShopPreview(page);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('moves the buy button before the lead paragraph picked in the preview, or a copy of it', async () => {
    const { id } = await createCampaign('Buy button higher', {
      selector: '#buy',
      fingerprint: { tag: 'button', text: 'Buy now — $89' },
      control: { info: { value: 'Buy now — $89' } },
    });
    await addVariantInEditor(page, team, id);
    await editor().getByText('Move this element').click();
    await editor().getByLabel('Variant 1 move position').selectOption('before');
    // A written selector the browser cannot read is refused in place, before anything is saved.
    const written = editor().getByLabel('Variant 1 move target');
    await written.fill('.hero >');
    await editor()
      .getByText(
        'Not a CSS selector a browser accepts (the browser cannot read it): pick the element in the preview, or correct the selector.',
      )
      .waitFor();
    await shotAtBothSizes(page, 'move-element-unreadable-target', written);
    await written.fill('');
    await editor().getByRole('button', { name: 'Pick in preview' }).click();
    await editor().getByText('Click the target in the preview.').waitFor();
    // On a phone the preview shows while picking.
    await shotAtBothSizes(page, 'move-element-picking');
    await clickInPreview(page, previewFrame(page).locator('.lead'));
    const target = editor().getByLabel('Variant 1 move target');
    await expect.poll(() => target.inputValue()).not.toBe('');
    // The picker's selector names the lead paragraph in the page.
    const named = await previewFrame(page)
      .locator('body')
      .evaluate(
        (body, selector) => body.ownerDocument.querySelector(selector)?.className,
        await target.inputValue(),
      );
    expect(named).toBe('lead');
    await editor().getByRole('button', { name: 'Pick in preview' }).waitFor();
    // The preview shows it moved: the button now comes right before the lead paragraph.
    const hero = previewFrame(page).locator('.hero > div');
    const order = () =>
      hero.evaluate((div) => Array.from(div.children, (child) => child.id || child.className));
    await expect.poll(order).toEqual(['', 'buy', 'lead']);
    await shotAtBothSizes(page, 'move-element-picked', target);

    // A copy instead: the button stays, a copy without its id goes before the lead.
    await editor().getByLabel('Move a copy, and keep this element where it is').check();
    await expect.poll(order).toEqual(['', '', 'lead', 'buy']);
    await editor().getByLabel('Move a copy, and keep this element where it is').uncheck();
    await expect.poll(order).toEqual(['', 'buy', 'lead']);

    // The element itself is no target: said at once, and refused on save.
    const picked = await target.inputValue();
    await target.fill('#buy');
    await editor()
      .getByText('An element cannot move next to itself: pick another target.')
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Save variants' }).click();
    await page.getByTestId('draft-variant-error').waitFor();
    expect((await load(id)).elements[0]!.variants).toEqual([]);
    await target.fill(picked);

    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().waitFor({ state: 'detached' });
    await expect.poll(async () => (await load(id)).elements[0]!.variants.length).toBe(1);
    expect((await load(id)).elements[0]!.variants[0]!.info.move).toEqual({
      position: 'before',
      target: picked,
      copy: false,
    });
    await page.getByTestId('element-side-menu').getByText('Moved before').waitFor();
    await shotAtBothSizes(page, 'move-element-saved');
    // Off again: the tracker test below has the page to itself.
    await api.call('GET', `/team/${team}/campaign/update-enabled?id=${id}&isEnabled=false`);
  });

  it('moves the first card after the third for a visitor of the variant, from the first frame and after re-renders', async () => {
    const { id } = await createCampaign('Sun card last', {
      selector: FIRST_CARD,
      control: { info: { value: FEATURES[0] } },
      variants: [
        {
          id: -2,
          key: 'last',
          type: 'text',
          isEnabled: true,
          info: {
            value: '',
            move: { position: 'after', target: '.features > .feature:nth-child(3)' },
          },
        },
      ],
    });
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/tracker/${team}.js`)).text(), {
        timeout: 10_000,
      })
      .toContain('targeting.js');
    const visitorId = await variantVisitor(baseUrl, team, id, 'mover');
    const visit = await visitShop(browser, pageUrl, { visitorId, before: RECORD_CARD_FRAMES });
    const titles = () =>
      visit.page.locator('.feature h3').evaluateAll((cards) => cards.map((c) => c.textContent));
    await expect.poll(titles).toEqual(MOVED);
    // Settled: the card that took the first place was never moved after it.
    await visit.page.waitForTimeout(300);
    expect(await titles()).toEqual(MOVED);
    const frames = await visit.page.evaluate(
      () => (window as unknown as { __cards: { order: string[]; visible: boolean }[] }).__cards,
    );
    const painted = frames.filter((frame) => frame.visible);
    expect(painted.length).toBeGreaterThan(0);
    expect(painted.every((frame) => frame.order.join() === MOVED.join())).toBe(true);

    // The page renders its cards anew, in their first order: moved again.
    await visit.page.evaluate((features) => {
      const section = document.querySelector('.features')!;
      section.innerHTML = features
        .map((title) => `<div class="feature"><h3>${title}</h3><p>Again.</p></div>`)
        .join('');
    }, FEATURES);
    await expect.poll(titles).toEqual(MOVED);
    // The page's own code puts the card back first (a keyed re-order): moved back after.
    await visit.page.evaluate(() => {
      const section = document.querySelector('.features')!;
      section.prepend(section.lastElementChild!);
    });
    await expect.poll(titles).toEqual(MOVED);
    await visit.page.waitForTimeout(300);
    expect(await titles()).toEqual(MOVED);
    // The delivery figures: the exposure says when the move was applied (ms), as for any change.
    await sentEverything(visit);
    const [exposure] = sent(visit.posted, 'exposure');
    const applied = Object.values(exposure!.applied as Record<string, unknown>);
    expect(applied).toEqual([expect.any(Number)]);
    expect(applied[0]).toBeGreaterThanOrEqual(0);
    await visit.context.close();

    // A preview link of the variant shows the move too, with the badge.
    const saved = (await load(id)).elements[0]!;
    await api.call('POST', `/team/${team}/feature-flags`, { flag: 'view_variant', enabled: true });
    const { url } = await api.call<{ url: string }>(
      'POST',
      `/team/${team}/campaign/variant-preview-link`,
      { campaignId: id, elementId: saved.id, variantId: saved.variants[0]!.id },
    );
    const preview = await visitShop(browser, url);
    await preview.page
      .locator('kindling-preview-badge')
      .getByRole('region', { name: 'Kindling preview' })
      .waitFor();
    const previewed = () =>
      preview.page.locator('.feature h3').evaluateAll((cards) => cards.map((c) => c.textContent));
    await expect.poll(previewed).toEqual(MOVED);
    await preview.context.close();
  });
});
