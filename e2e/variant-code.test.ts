import { VARIANT_CODE_MESSAGES } from '@kindling/domain';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signInThroughUi,
  signUpThroughUi,
  joinAsMember,
} from './support/flows';
import { createHeadlineCampaign, SHOP_HEADLINE, variantVisitor } from './support/headline-shop';
import {
  describeWithPostgres,
  startPostgresServer,
  type PostgresServer,
} from './support/postgres-server';
import { previewFrame } from './support/preview-click';
import {
  launchShopBrowser,
  sent,
  shopUrlOf,
  startTaggedShop,
  visitShop,
} from './support/tracker-visit';
import { addVariantInEditor, routeShopPreview } from './support/variant-editor';

// Issue 32, CSS and code per variant in the browser: refused while the instance setting is off
// (the shared e2e server runs with the default), and on a server that allows it, written by an
// owner in the variant editor (the preview shows the CSS), applied and run for a visitor of the
// variant through the real tracker, recorded on the campaign page, and read-only for a member.

const baseUrl = inject('baseUrl');
const CSS = 'h1 { color: rgb(14, 116, 144) !important; letter-spacing: 0.05em; }';
const CODE = "element.setAttribute('data-variant-code', 'ran');";
const TEAL = 'rgb(14, 116, 144)';

const headlineColour = (page: Pick<Page, 'locator'> | FrameLocator) =>
  page.locator('h1').evaluate((h1) => getComputedStyle(h1).color);

describe('CSS and code per variant where the instance does not allow it', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let campaignId: number;

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Olga Off', 'code-off'));
    team = await createTeamThroughUi(page, 'No Code Lamps');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    campaignId = await createHeadlineCampaign(api, team, {
      name: 'Teal headline',
      description: 'Code off',
      ingestedUrl: shopUrlOf(fixtures, 'tracker-landing.html'),
      variants: [{ key: 'sun', value: 'Light that follows the sun' }],
    });
    await routeShopPreview(page);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('offers no CSS or code in the editor, and the server refuses them with its sentence', async () => {
    await addVariantInEditor(page, team, campaignId);
    const editor = page.getByTestId('draft-editor');
    await editor.getByText('Insert a block').waitFor();
    expect(await editor.getByText('CSS and JavaScript').count()).toBe(0);
    const refused = await api
      .call('POST', `/team/${team}/campaign/create`, {
        name: 'Teal',
        ingestedUrl: shopUrlOf(fixtures, 'tracker-landing.html'),
        elements: [
          {
            id: -1,
            key: 'h1',
            selector: 'h1',
            type: 'text',
            control: { info: { value: SHOP_HEADLINE } },
            variants: [{ id: -2, key: 'v', type: 'text', info: { value: '', css: CSS } }],
          },
        ],
        goals: [],
      })
      .then(
        () => 'stored',
        (error: Error) => error.message,
      );
    expect(refused).toContain(VARIANT_CODE_MESSAGES.off);
  });
});

describeWithPostgres('CSS and code per variant where the instance allows it', () => {
  let server: PostgresServer;
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let campaignId: number;
  const owner = newPerson('Ola Owner', 'code-owner');
  const member = newPerson('Mia Member', 'code-member');

  beforeAll(async () => {
    server = await startPostgresServer({
      ALLOW_VARIANT_CODE: 'true',
      PREVIEW_ALLOW_HOSTS: '127.0.0.1',
      COLLECT_RATE_LIMIT_PER_MINUTE: '100000',
    });
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, server.baseUrl));
    await signUpThroughUi(page, owner);
    team = await createTeamThroughUi(page, 'Code Lamps');
    api = await Api.of(page, server.baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    campaignId = await createHeadlineCampaign(api, team, {
      name: 'Teal headline',
      description: 'Code on',
      ingestedUrl: pageUrl,
      isEnabled: true,
      variants: [],
    });
    await routeShopPreview(page);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
    await server?.close();
  });

  it('lets the owner write a variant’s CSS and JavaScript, previews the CSS, and records the change', async () => {
    await addVariantInEditor(page, team, campaignId);
    const editor = page.getByTestId('draft-editor');
    await editor.getByText('CSS and JavaScript').click();
    await editor.getByLabel('Variant 1 CSS', { exact: true }).fill(CSS);
    await editor.getByLabel('Variant 1 JavaScript', { exact: true }).fill(CODE);
    await expect.poll(() => headlineColour(previewFrame(page))).toBe(TEAL);
    await editor.getByLabel('Variant 1 JavaScript', { exact: true }).scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'variant-code-draft');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor.waitFor({ state: 'detached' });

    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    const record = page.getByTestId('code-changes');
    await record.getByText(`${owner.email}`).first().waitFor();
    expect(await record.getByTestId('code-change').count()).toBe(2);
    await record.getByText(CODE).waitFor();
    await record.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'variant-code-changes');
  });

  it('applies the CSS and runs the code for a visitor of the variant, through the real tracker', async () => {
    const visitorId = await variantVisitor(server.baseUrl, team, campaignId, 'teal');
    // The team's script becomes the one with the targeting part once the change is built (the
    // last one is served meanwhile, for at most a few seconds: served-files.ts).
    await expect
      .poll(
        async () =>
          (await (await fetch(`${server.baseUrl}/api/tracker/${team}.js`)).text()).includes(
            'targeting.js',
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    const visit = await visitShop(browser, pageUrl, { visitorId });
    await expect.poll(() => headlineColour(visit.page)).toBe(TEAL);
    await expect.poll(() => visit.page.locator('h1').getAttribute('data-variant-code')).toBe('ran');
    await expect.poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 }).toBe(1);
    // Run once, however often the tracker looks at the element again.
    expect(await visit.page.locator('[data-variant-code]').count()).toBe(1);
    await visit.context.close();

    const control = await variantVisitor(server.baseUrl, team, campaignId, 'plain', 'control');
    const original = await visitShop(browser, pageUrl, { visitorId: control });
    await expect.poll(() => sent(original.posted, 'exposure').length, { timeout: 15_000 }).toBe(1);
    expect(await headlineColour(original.page)).not.toBe(TEAL);
    expect(await original.page.locator('h1').getAttribute('data-variant-code')).toBe(null);
    await original.context.close();
  });

  it('shows a member the CSS and code read-only, and the server refuses their change', async () => {
    const memberApi = await joinAsMember(server.baseUrl, { owner: api, team, person: member });
    const { page: memberPage } = await newPage(browser, server.baseUrl);
    await memberPage.goto('/admin/auth/sign-in');
    await signInThroughUi(memberPage, member.email, member.password);
    // Signed in once the app leaves the sign-in page (which is under /admin/auth/ too).
    await memberPage.waitForURL((address) => !address.pathname.startsWith('/admin/auth/'));
    await routeShopPreview(memberPage);
    await memberPage.goto(`/admin/${team}/campaign/${campaignId}/edit`);
    await memberPage.getByTestId('element-card').first().click();
    const row = memberPage.getByTestId('element-side-menu').getByRole('button', { name: 'Edit' });
    await row.first().click();
    const editor = memberPage.getByTestId('draft-editor');
    await editor.getByText(VARIANT_CODE_MESSAGES.owner).waitFor();
    const css = editor.getByLabel('Variant 1 CSS', { exact: true });
    expect(await css.inputValue()).toBe(CSS);
    expect(await css.getAttribute('readonly')).not.toBe(null);
    await css.scrollIntoViewIfNeeded();
    await shotAtBothSizes(memberPage, 'variant-code-member');

    const stored = await memberApi.call<{ elements: { variants: { info: { css?: string } }[] }[] }>(
      'GET',
      `/team/${team}/campaign/by-id?id=${campaignId}`,
    );
    stored.elements[0]!.variants[0]!.info.css = 'h1 { display: none; }';
    const refused = await memberApi.call('POST', `/team/${team}/campaign/save`, stored).then(
      () => 'saved',
      (error: Error) => error.message,
    );
    expect(refused).toContain(VARIANT_CODE_MESSAGES.owner);
  });
});
