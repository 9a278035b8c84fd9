import { assignCampaigns, ELEMENT_CHANGE_MESSAGES, type BucketingCampaign } from '@kindling/domain';
import {
  ELEMENT_CHANGE_FIXTURES,
  MOVE_FIXTURE_PAGE,
  MOVE_FIXTURE_SELECTOR,
} from '@kindling/domain/element-change-fixtures';
import { agentBuildOptions, runtimeRoot } from '@kindling/page-runtime/agent-build';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import type { FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { previewFrame } from './support/preview-click';
import { launchShopBrowser, shopUrlOf, startTaggedShop, visitShop } from './support/tracker-visit';
import { addVariantInEditor, routeShopPreview } from './support/variant-editor';

// Issue 32, link, attribute, insert and move changes: the shared fixture table through the page
// runtime in real Chromium (the server runs the same rows in element-change-rules.test.ts,
// insert-block.test.ts and move-element.test.ts); then a variant that sends the shop's "Features" link elsewhere with a
// tooltip and a block after it, set in the variant editor, previewed, and applied by the real
// tracker for a visitor of that variant, the block again after a re-render.

const baseUrl = inject('baseUrl');
const BLOCK_TYPED = '<p onclick="alert(1)">Lamps ship <strong>free</strong></p>';
const BLOCK_SHOWN = '<p>Lamps ship <strong>free</strong></p>';

/** Every animation frame the Features link is visible in: whether the block is beside it. */
const RECORD_LINK_FRAMES = `
  window.__links = [];
  const sample = () => {
    const link = document.querySelector('nav a');
    if (link && getComputedStyle(link).visibility !== 'hidden') {
      window.__links.push({ block: link.nextElementSibling?.localName === 'kindling-insert' });
    }
    if (window.__links.length < 300) requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
`;

const TEST_ENTRY = `
import { applyToElement } from './src/mutations';
import { sanitizeHtml } from './src/sanitize-html';
import { withPartChanges } from './src/tracker/page-changes';
const part = withPartChanges(sanitizeHtml);
// A move through the tracker's targeting part, on its own page: the markup after it, twice
// applied as after a re-render, without the inline style a move waiting for its target sets.
window.moved = (move, page, selector) => {
  const root = document.createElement('main');
  root.innerHTML = page;
  document.body.append(root);
  const element = root.querySelector(selector);
  const mutation = { type: 'move', selector, ...move };
  part.more(element, mutation);
  part.more(element, mutation);
  root.querySelectorAll('[style]').forEach((node) => node.removeAttribute('style'));
  root.remove();
  return root.innerHTML;
};
window.changed = (change) => {
  const parent = document.createElement('div');
  const element = document.createElement('a');
  element.setAttribute('href', '/original');
  parent.append(element);
  const mutation = 'href' in change
    ? { type: 'link', selector: 'a', href: change.href }
    : 'insert' in change
      ? { type: 'insert', selector: 'a', ...change.insert }
      : { type: 'attribute', selector: 'a', name: change.attribute, value: change.value };
  applyToElement(element, mutation, sanitizeHtml);
  // Twice, as after a re-render of the element alone: the block is inserted once.
  applyToElement(element, mutation, sanitizeHtml);
  const blocks = [...parent.children].filter((child) => child !== element);
  return {
    attributes: Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])),
    blocks: blocks.map((block) => ({
      side: block === element.previousElementSibling ? 'before' : 'after',
      html: block.innerHTML,
      display: block.style.display,
    })),
  };
};
`;

type Change = (typeof ELEMENT_CHANGE_FIXTURES)[number]['change'];
interface Changed {
  attributes: Record<string, string>;
  blocks: { side: string; html: string; display: string }[];
}
type Runtime = {
  changed: (change: Change) => Changed;
  moved: (move: object, page: string, selector: string) => string;
};

describe('link, attribute and insert changes in the page runtime (Chromium)', () => {
  let browser: Browser;
  let results: (Changed | string)[];

  beforeAll(async () => {
    const bundle = await build({
      ...agentBuildOptions,
      entryPoints: undefined,
      stdin: { contents: TEST_ENTRY, resolveDir: runtimeRoot, sourcefile: 'c.ts', loader: 'ts' },
      minify: false,
      write: false,
    });
    browser = await launchBrowser();
    const page = await browser.newPage();
    await page.goto('about:blank');
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    results = await page.evaluate(
      ({ changes, movePage, moveSelector }) => {
        const runtime = window as unknown as Runtime;
        return changes.map((change) =>
          'move' in change
            ? runtime.moved(change.move, movePage, moveSelector)
            : runtime.changed(change),
        );
      },
      {
        changes: ELEMENT_CHANGE_FIXTURES.map((row) => row.change),
        movePage: MOVE_FIXTURE_PAGE,
        moveSelector: MOVE_FIXTURE_SELECTOR,
      },
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  it.each(ELEMENT_CHANGE_FIXTURES.map((row, index) => [row.name, index] as const))(
    '%s',
    (_name, index) => {
      const row = ELEMENT_CHANGE_FIXTURES[index]!;
      const { change, taken } = row;
      const result = results[index]!;
      if ('move' in change || typeof result === 'string') {
        // What the server refuses never moves; what it takes lands as written, or not at all
        // where the page cannot take it (a target missing, or inside the element).
        expect(result).toBe('lands' in row ? row.lands : undefined);
        if (!taken) expect(result).toBe(MOVE_FIXTURE_PAGE);
        return;
      }
      const { attributes, blocks } = result;
      const untouched = { href: '/original' };
      if ('insert' in change) {
        expect(attributes).toEqual(untouched);
        expect(blocks).toEqual(
          taken && 'shows' in row
            ? [{ side: change.insert.position, html: row.shows, display: 'contents' }]
            : [],
        );
        return;
      }
      expect(blocks).toEqual([]);
      if (!taken) expect(attributes).toEqual(untouched);
      else if ('href' in change) expect(attributes).toEqual({ href: change.href });
      else expect(attributes).toEqual({ ...untouched, [change.attribute]: change.value });
    },
  );
});

interface Saved {
  elements: {
    id: number;
    variants: { id: number; info: { href?: string; attributes?: Record<string, string> } }[];
  }[];
}

describe('a variant that changes a link and its title', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let campaignId: number;

  const load = () => api.call<Saved>('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
  const sideMenu = () => page.getByTestId('element-side-menu');
  const editor = () => page.getByTestId('draft-editor');
  const link = () => editor().getByLabel('Variant 1 link address');

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Linus Link', 'element-changes'));
    team = await createTeamThroughUi(page, 'Linked Lamps');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    ({ id: campaignId } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'Features link',
      description: 'Where the link goes',
      ingestedUrl: pageUrl,
      isEnabled: true,
      elements: [
        {
          id: -1,
          key: 'features',
          selector: 'nav a[href="#features"]',
          fingerprint: { tag: 'a', text: 'Features' },
          type: 'text',
          control: { info: { value: 'Features' } },
          variants: [],
        },
      ],
      goals: [],
    }));
    await routeShopPreview(page);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('refuses a script address with its reason, then saves a link and a title, previewed', async () => {
    await addVariantInEditor(page, team, campaignId);
    await editor().getByText('Link and attributes').click();
    await link().fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().getByText(ELEMENT_CHANGE_MESSAGES.link).waitFor();
    expect((await load()).elements[0]!.variants).toEqual([]);
    await shotAtBothSizes(page, 'element-changes-refused');

    await link().fill('/pricing?from=features');
    await editor().getByLabel('Variant 1 title (tooltip)').fill('See what a lamp costs');
    const frameLink = previewFrame(page).locator('nav a').first();
    await expect.poll(() => frameLink.getAttribute('title')).toBe('See what a lamp costs');
    expect(await frameLink.getAttribute('href')).toBe('/pricing?from=features');
    // A block after the link: cleaned in the preview as on the page (the handler goes).
    await editor().getByText('Insert a block').click();
    await editor().getByLabel('Variant 1 block HTML').fill(BLOCK_TYPED);
    const frameBlock = previewFrame(page).locator('nav kindling-insert');
    await expect.poll(() => frameBlock.innerHTML()).toBe(BLOCK_SHOWN);
    await editor().getByLabel('Variant 1 block HTML').scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'element-changes-draft');

    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor().waitFor({ state: 'detached' });
    await expect.poll(async () => (await load()).elements[0]!.variants.length).toBe(1);
    expect((await load()).elements[0]!.variants[0]!.info).toMatchObject({
      href: '/pricing?from=features',
      attributes: { title: 'See what a lamp costs' },
      insert: { position: 'after', html: BLOCK_SHOWN },
    });
    await sideMenu().getByText('/pricing?from=features').waitFor();
    await shotAtBothSizes(page, 'element-changes-saved');
  });

  it('sends a visitor of that variant to the new address, through the real tracker', async () => {
    const saved = (await load()).elements[0]!;
    const variantId = saved.variants[0]!.id;
    // The team's script now carries the link and attribute changes (the html bundle).
    await expect
      .poll(async () => (await fetch(`${baseUrl}/api/tracker/${team}.js`)).text(), {
        timeout: 10_000,
      })
      .toContain('noopener noreferrer');
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: BucketingCampaign[];
    };
    let visitorId = '';
    for (let i = 0; !visitorId; i += 1) {
      const arms = assignCampaigns(`linked-${i}`, config.campaigns).get(campaignId);
      if (arms?.[saved.id] === variantId) visitorId = `linked-${i}`;
    }
    const visit = await visitShop(browser, pageUrl, { visitorId, before: RECORD_LINK_FRAMES });
    const features = visit.page.locator('nav a').first();
    await expect.poll(() => features.getAttribute('href')).toBe('/pricing?from=features');
    expect(await features.getAttribute('title')).toBe('See what a lamp costs');
    expect(await features.textContent()).toBe('Features');
    // The block right after the link, and again after the page's script renders the nav anew.
    const block = () => visit.page.locator('nav a[href^="/pricing"] + kindling-insert');
    expect(await block().innerHTML()).toBe(BLOCK_SHOWN);
    // From the first frame the link showed in, the block was beside it.
    const frames = await visit.page.evaluate(
      () => (window as unknown as { __links: { block: boolean }[] }).__links,
    );
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((frame) => frame.block)).toBe(true);
    await visit.page.evaluate(() => {
      const nav = document.querySelector('nav')!;
      nav.innerHTML = '<a href="#features">Features</a>';
    });
    await expect.poll(() => block().count()).toBe(1);
    expect(await block().innerHTML()).toBe(BLOCK_SHOWN);
    await visit.page.context().close();
  });
});
