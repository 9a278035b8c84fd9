import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  SCREEN_SIZES,
  shot,
  shotAtBothSizes,
  signUpThroughUi,
  VIEWPORT,
} from './support/flows';
import { openSaasLandingForEditing } from './support/wizard-flow';
import { pickInPreview } from './support/preview-click';

// Issue 13: a member puts the team on a "Coming soon" waitlist and takes it off again (Settings
// -> Team), and saves a page's context in the wizard's AI panel: it is there again after a
// reload, and the offline provider's suggestions leave out its words to avoid.

const baseUrl = inject('baseUrl');
const HEADLINE = 'Ship product updates your customers actually read';

interface WaitlistView {
  entries: { key: string; waiting: boolean; joinedBy: string | null }[];
}

describe('waitlist and page context', () => {
  const person = newPerson('Grace Hopper', 'waitlist-context');
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let slug: string;
  let api: Api;
  const generateRequests: { url?: string }[] = [];

  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
  const frame = (): FrameLocator => page.frameLocator('iframe[title="Live preview"]');
  const sideMenu = () => page.getByTestId('element-side-menu');
  const shopify = () => page.getByTestId('waitlist-shopify-app');
  const context = () => sideMenu().getByTestId('page-context');
  const suggestions = () =>
    sideMenu().getByTestId('variant-group-suggested').getByTestId('variant-row');

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    page.on('request', (request) => {
      if (request.url().endsWith('/campaign/generate-text')) {
        generateRequests.push(request.postDataJSON() as { url?: string });
      }
    });
    await signUpThroughUi(page, person);
    slug = await createTeamThroughUi(page, 'Waiting Room');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('joins the waitlist for Shopify app in Settings -> Team, and it stays after a reload', async () => {
    await page.goto(`${baseUrl}/admin/${slug}/settings/team`);
    const card = page.getByTestId('coming-soon');
    await card.getByRole('heading', { name: /Coming soon/ }).waitFor();
    expect(await shopify().getByTestId('waitlist-status').count()).toBe(0);
    await shopify().getByRole('button', { name: 'Join waitlist for Shopify app' }).click();
    await toast('Joined the waitlist for Shopify app').waitFor();
    await shopify()
      .getByTestId('waitlist-status')
      .filter({ hasText: 'asked by Grace Hopper' })
      .waitFor();
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached', timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'waitlist-joined');

    // A reload asks the server again (no-cache + ETag): the join is there, not an old copy.
    await page.reload();
    await shopify().getByTestId('waitlist-status').waitFor();
    await shopify().getByRole('button', { name: 'Leave waitlist for Shopify app' }).waitFor();
    const view = await api.call<WaitlistView>('GET', `/team/${slug}/waitlist?entry=shopify-app`);
    expect(view.entries).toEqual([
      expect.objectContaining({ key: 'shopify-app', waiting: true, joinedBy: 'Grace Hopper' }),
    ]);
  });

  it('leaves it again', async () => {
    await shopify().getByRole('button', { name: 'Leave waitlist for Shopify app' }).click();
    await toast('Left the waitlist for Shopify app').waitFor();
    await shopify().getByRole('button', { name: 'Join waitlist for Shopify app' }).waitFor();
    expect(await shopify().getByTestId('waitlist-status').count()).toBe(0);
    await page.reload();
    await shopify().getByRole('button', { name: 'Join waitlist for Shopify app' }).waitFor();
    const view = await api.call<WaitlistView>('GET', `/team/${slug}/waitlist`);
    expect(view.entries.filter((entry) => entry.waiting)).toEqual([]);
  });

  /** A new campaign on the fixture page, in the edit step, with the headline's AI panel open. */
  async function openHeadline(): Promise<void> {
    await page.goto(`${baseUrl}/admin/${slug}/campaigns`);
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await openSaasLandingForEditing(page, fixtures);
    const editor = page.getByTestId('draft-editor');
    await pickInPreview(page, frame().locator('h1'), editor);
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    await sideMenu().getByTestId('ai-text').waitFor();
  }

  const field = (label: string) => context().getByLabel(label, { exact: true });

  /** Both sizes, with the page context scrolled into view at each (the side menu scrolls). */
  async function contextShots(name: string): Promise<void> {
    for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
      await page.setViewportSize(viewport);
      await context().getByRole('button', { name: 'Save page context' }).scrollIntoViewIfNeeded();
      await shot(page, `${name}-${size}`);
    }
    await page.setViewportSize(VIEWPORT);
  }

  it('saves a page context in the wizard’s AI panel', async () => {
    await openHeadline();
    await context().getByText('Not set').waitFor();
    await context().locator('summary').click();
    await field('What the page offers').fill('Changelog and release notes software');
    await field('Who it is for').fill('Product managers at small SaaS teams');
    await field('Voice').fill('Calm and direct');
    await field('Words to avoid').fill('Learn more, looking for');
    await context().getByRole('button', { name: 'Save page context' }).click();
    await toast('Page context saved').waitFor();
    await context().getByText('Saved', { exact: true }).waitFor();
    await context().getByTestId('page-context-saved').filter({ hasText: 'Grace Hopper' }).waitFor();
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached', timeout: 15_000 });
    await contextShots('page-context-saved');
  });

  it('offline suggestions leave out the page’s words to avoid', async () => {
    const page_ = fixtureUrlOf(fixtures, 'saas-landing.html');
    // The same request without the page: the rules would say "looking for".
    const plain = await api.call<{ variants: string[] }>(
      'POST',
      `/team/${slug}/campaign/generate-text`,
      { value: HEADLINE, count: 8, tone: 'professional', currentVariants: [] },
    );
    expect(plain.variants.some((text) => /looking for/i.test(text))).toBe(true);

    await sideMenu().getByRole('button', { name: 'Suggest 3 variants' }).click();
    await expect.poll(() => suggestions().count(), { timeout: 15_000 }).toBe(3);
    expect(generateRequests.at(-1)?.url).toBe(page_);
    const texts = await suggestions().allTextContents();
    expect(texts.filter((text) => /learn more|looking for/i.test(text))).toEqual([]);
    await shotAtBothSizes(page, 'page-context-suggestions');
  });

  it('shows the saved context again after a reload', async () => {
    await page.reload();
    await openHeadline();
    await context().getByText('Saved', { exact: true }).waitFor();
    await context().locator('summary').click();
    expect(await field('What the page offers').inputValue()).toBe(
      'Changelog and release notes software',
    );
    expect(await field('Who it is for').inputValue()).toBe('Product managers at small SaaS teams');
    expect(await field('Voice').inputValue()).toBe('Calm and direct');
    expect(await field('Words to avoid').inputValue()).toBe('Learn more, looking for');
    await contextShots('page-context-reloaded');
  });
});
