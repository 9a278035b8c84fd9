import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR } from './support/browser';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  animationsDone,
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  SCREEN_SIZES,
  shotAtBothSizes,
  signUpThroughUi,
  dismissIntroSurvey,
} from './support/flows';
import { plannedEvents, postTraffic } from './support/results-traffic';
import { saasHeadlineCampaign, wizardStep } from './support/wizard-flow';

// Issue 29, auto-stop as a person sets it: "Stop by itself when answered" switched on in the
// campaign's settings and saved; then a clear always-valid winner arrives, and the campaign
// list shows the API's own verdict for it (state and sentence), the one auto-stop acts on.

const baseUrl = inject('baseUrl');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

interface Verdict {
  elementId: number;
  state: string;
  summary: string;
  uplift: { estimate: number } | null;
}

describe('auto-stop: the setting and the verdict it acts on', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let campaignId: number;
  let elementId: number;
  let variantId: number;
  let goalId: number;

  const step = () => wizardStep(page);
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  const autoStop = () => page.getByRole('switch', { name: 'Stop by itself when answered' });
  const load = () =>
    api.call<{ autoStop: boolean; autoStoppedAt: string | null; isEnabled: boolean }>(
      'GET',
      `/team/${team}/campaign/by-id?id=${campaignId}`,
    );

  /** Both sizes with `target` scrolled into view: the wizard scrolls its own panel. */
  async function shotShowing(target: Locator, name: string): Promise<void> {
    const before = page.viewportSize();
    for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
      await page.setViewportSize(viewport);
      await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await animationsDone(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size}.png`) });
    }
    if (before) await page.setViewportSize(before);
  }

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    await signUpThroughUi(page, newPerson('Arno Autostop', 'auto-stop'));
    team = await createTeamThroughUi(page, 'Answered Tests');
    api = await Api.of(page, baseUrl);
    ({ id: campaignId } = await api.call<{ id: number }>(
      'POST',
      `/team/${team}/campaign/create`,
      saasHeadlineCampaign(fixtures, 'Release notes headline'),
    ));
    const saved = await api.call<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number }[];
    }>('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
    elementId = saved.elements[0]!.id;
    variantId = saved.elements[0]!.variants[0]!.id;
    goalId = saved.goals[0]!.id;
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('is off by default, switched on in the settings with its explanation, and saved', async () => {
    expect(await load()).toMatchObject({ autoStop: false, autoStoppedAt: null });
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    await poll(() => page.getByTestId('fact-auto-stop').innerText()).toBe('Off');

    await page.goto(`/admin/${team}/campaign/${campaignId}/edit`);
    await poll(step).toBe('EditElements');
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    for (const reached of ['EditGoals', 'CampaignTypeSelection', 'Settings']) {
      await next();
      await poll(step).toBe(reached);
    }
    expect(await autoStop().getAttribute('aria-checked')).toBe('false');
    await autoStop().click();
    expect(await autoStop().getAttribute('aria-checked')).toBe('true');
    await page
      .getByText('or earlier when an always-valid result is clear', { exact: false })
      .waitFor();
    await shotShowing(page.getByTestId('stats-plan'), 'auto-stop-setting');

    const saving = page.waitForRequest('**/campaign/save');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    const body = (await saving).postDataJSON() as Record<string, unknown>;
    // Only what the person changed is sent.
    expect(body).toMatchObject({ autoStop: true });
    expect(body).not.toHaveProperty('statsMethod');
    await page.waitForURL(/\/campaign\/\d+$/);
    await poll(() => page.getByTestId('fact-auto-stop').innerText()).toBe('On');
    expect(await load()).toMatchObject({ autoStop: true, autoStoppedAt: null, isEnabled: true });
  });

  it('shows, in the campaign list, the verdict the API gives (the one auto-stop reads)', async () => {
    // 10% against 30% on 600 visitors an arm: far past the always-valid boundary.
    await postTraffic(
      baseUrl,
      plannedEvents({
        campaignId,
        elementId,
        goals: { first: goalId, conversion: goalId },
        arms: [
          { arm: 'control', visitors: 600, converters: 60, revenue: 20 },
          { arm: variantId, visitors: 600, converters: 180, revenue: 20 },
        ],
        now: Date.now(),
        hours: 5,
      }).map((event) => ({ ...event, url: fixtureUrlOf(fixtures, 'saas-landing.html') })),
    );
    const { timezone } = (await api.userContext(team)).user.preferences;
    const verdictOf = async () =>
      (
        await api.call<{ id: number; verdict: Verdict | null }[]>(
          'GET',
          `/team/${team}/campaign/performance/campaigns?timezone=${encodeURIComponent(timezone)}`,
        )
      ).find((figures) => figures.id === campaignId)?.verdict;
    // The list's figures are kept up to 20 s by the server.
    await expect
      .poll(async () => (await verdictOf())?.state, { timeout: 30_000, interval: 1_000 })
      .toBe('winner');
    const verdict = (await verdictOf())!;
    expect(verdict.elementId).toBe(elementId);
    expect(verdict.summary).toMatch(
      /^Variant 1 converts 200% more often than the original \(95% always-valid interval \+\d+% to \+\d+%\)\. It is safe to ship\.$/,
    );
    // The results page says the same sentence for the campaign's whole life so far.
    await page.goto(`/admin/${team}/campaigns`);
    // The intro survey card waits for later: the list is what this test looks at.
    await dismissIntroSurvey(page);
    const row = page.locator(`[data-campaign-id="${campaignId}"]`);
    const figure = row.getByTestId('figure-verdict');
    await poll(() => figure.locator('[data-verdict]').getAttribute('data-verdict')).toBe('winner');
    expect(await figure.getByText('Winner', { exact: true }).count()).toBe(1);
    expect(await figure.innerText()).toContain('+200%');
    expect(await row.getByTestId('verdict-summary').innerText()).toBe(verdict.summary);
    expect(await row.getByTestId('verdict-summary').getAttribute('title')).toBe(verdict.summary);
    await shotAtBothSizes(page, 'auto-stop-list-verdict');
  });
});
