import {
  ENTITLEMENT_MESSAGES,
  PLAN_MONTHLY_AI_GENERATIONS,
  PLAN_RUNNING_CAMPAIGNS,
} from '@kindling/domain';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import { pickInPreview } from './support/preview-click';
import {
  Api,
  createTeamThroughUi,
  isChecked,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { openSaasLandingForEditing } from './support/wizard-flow';
import {
  describeWithPostgres,
  startPostgresServer,
  type PostgresServer,
} from './support/postgres-server';

const DAY_S = 86_400;
const CAP = PLAN_RUNNING_CAMPAIGNS.starter;

const SUITE = 'plan allowances: the running-campaign cap on the list, the allowances on billing';

describeWithPostgres(SUITE, () => {
  const person = newPerson('Grace Hopper', 'plan-allowances');
  let server: PostgresServer;
  let fixtures: FixtureServer;
  let browser: Browser;
  let page: Page;
  let slug: string;
  let api: Api;

  /** Stores the team's subscription as billing would (no route may): the starter plan, paid. */
  const subscribe = (subscription: object | null) =>
    server.db.query('update teams set subscription = $1 where slug = $2', [
      JSON.stringify(subscription),
      slug,
    ]);
  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    server = await startPostgresServer({ PREVIEW_ALLOW_HOSTS: '127.0.0.1,fixtures.localhost' });
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.baseUrl));
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    await signUpThroughUi(page, person);
    slug = await createTeamThroughUi(page, 'Harbour Lights');
    api = await Api.of(page, server.baseUrl);
    await subscribe({
      status: 'active',
      periodEndsAt: Math.floor(Date.now() / 1000) + 20 * DAY_S,
      trialEndsAt: null,
      productId: 'kindling-starter',
    });
    // With a subscription new campaigns start on: the first three fill the cap, the fourth
    // starts paused.
    for (const name of ['Spring sale', 'Free shipping', 'Hero image', 'Checkout copy']) {
      await api.createCampaign(slug, name);
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fixtures?.close();
  });

  it('refuses to switch a fourth campaign on: the toast says why and the switch goes back', async () => {
    await page.goto(`/admin/${slug}/campaigns`);
    const fourth = page.getByRole('switch', { name: 'Enable Checkout copy' });
    await fourth.waitFor();
    expect(await isChecked(fourth)).toBe(false);
    expect(await isChecked(page.getByRole('switch', { name: 'Enable Spring sale' }))).toBe(true);

    await fourth.click();
    const message = ENTITLEMENT_MESSAGES.runningCap('Starter', CAP);
    await toast(message).waitFor();
    await expect.poll(() => isChecked(fourth)).toBe(false);
    const campaigns = await api.call<{ name: string; isEnabled: boolean }[]>(
      'GET',
      `/team/${slug}/campaign/by-team`,
    );
    expect(campaigns.filter((campaign) => campaign.isEnabled)).toHaveLength(CAP);
    expect(campaigns.find((campaign) => campaign.name === 'Checkout copy')?.isEnabled).toBe(false);
    await shotAtBothSizes(page, 'plan-allowances-cap-refused');

    // Pausing one makes room: then the fourth switches on.
    const paused = page.waitForResponse((response) => response.url().includes('update-enabled'));
    await page.getByRole('switch', { name: 'Enable Spring sale' }).click();
    expect((await paused).status()).toBe(200);
    const switched = page.waitForResponse((response) => response.url().includes('update-enabled'));
    await fourth.click();
    expect((await switched).status()).toBe(200);
    await expect.poll(() => isChecked(fourth)).toBe(true);
  });

  it('shows the allowances against this month’s use on the billing page', async () => {
    await page.goto(`/admin/${slug}/settings/team/billing`);
    const allowances = page.getByTestId('allowances');
    await allowances.waitFor();
    expect(await page.getByTestId('allowance-runningCampaigns').innerText()).toMatch(
      new RegExp(`Running campaigns\\s+${CAP} of ${CAP}`),
    );
    expect(await page.getByTestId('allowance-monthlyExposures').innerText()).toMatch(
      /Views this month\s+0 of 100,000/,
    );
    expect(await page.getByTestId('allowance-monthlyAiGenerations').innerText()).toMatch(
      /AI generations this month\s+0 of 200/,
    );
    expect(await allowances.getByRole('meter').count()).toBe(3);
    await shotAtBothSizes(page, 'plan-allowances-billing');
  });

  it('says "Unlimited on this server" for a team without a subscription', async () => {
    await subscribe(null);
    await page.reload();
    const allowances = page.getByTestId('allowances');
    await allowances.waitFor();
    expect(await allowances.getAttribute('data-basis')).toBe('unlimited');
    expect(await allowances.getByText(ENTITLEMENT_MESSAGES.unlimited).count()).toBe(3);
    expect(await allowances.getByRole('meter').count()).toBe(0);
    await shotAtBothSizes(page, 'plan-allowances-unlimited');
  });

  it('says in the wizard’s AI panel when this month’s AI generations are used', async () => {
    // Back on the starter plan, with this month's generations all used.
    await subscribe({
      status: 'active',
      periodEndsAt: Math.floor(Date.now() / 1000) + 20 * DAY_S,
      trialEndsAt: null,
      productId: 'kindling-starter',
    });
    await server.db.query(
      `insert into ai_generations (team_id, kind)
       select id, 'text' from teams, generate_series(1, $2::int) where slug = $1`,
      [slug, PLAN_MONTHLY_AI_GENERATIONS.starter],
    );
    const frame = (): FrameLocator => page.frameLocator('iframe[title="Live preview"]');
    const sideMenu = () => page.getByTestId('element-side-menu');
    await page.goto(`/admin/${slug}/campaign/new`);
    await openSaasLandingForEditing(page, fixtures);
    const editor = page.getByTestId('draft-editor');
    await pickInPreview(page, frame().locator('h1'), editor);
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    await sideMenu().getByTestId('ai-text').waitFor();

    const refused = page.waitForResponse((r) => r.url().endsWith('/campaign/generate-text'));
    await sideMenu().getByRole('button', { name: 'Suggest 3 variants' }).click();
    expect((await refused).status()).toBe(402);
    const message = ENTITLEMENT_MESSAGES.aiCap('Starter', PLAN_MONTHLY_AI_GENERATIONS.starter);
    await sideMenu().getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await sideMenu().getByRole('alert').innerText()).toBe(message);
    await shotAtBothSizes(page, 'plan-allowances-ai-cap');
  }, 90_000);
});
