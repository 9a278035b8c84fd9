import path from 'node:path';
import { CAMPAIGN_INPUT_MESSAGES } from '@kindling/domain';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR } from './support/browser';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  accessTokenOf,
  animationsDone,
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  SCREEN_SIZES,
  signInThroughUi,
  signUpThroughUi,
  joinAsMember,
} from './support/flows';
import { pickInPreview, previewFrame } from './support/preview-click';
import { plannedEvents, postTraffic } from './support/results-traffic';
import {
  createThroughReview,
  openSaasLandingForEditing,
  saasHeadlineCampaign,
  wizardStep,
} from './support/wizard-flow';

// Issue 29, "Verdicts safe to act on", as a person sets it up: a goal marked as a guardrail
// where fewer is better, the campaign's minimum detectable effect and test method (locked once
// visitors came, by the screen and by the server), and the team's correction for several
// variants, which only owners change. Every setting is read back through the API.

const baseUrl = inject('baseUrl');
const MDE_MESSAGE = 'The minimum detectable effect must be between 1% and 200%';
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

interface SavedCampaign {
  name: string;
  statsMethod: 'sequential' | 'fixed';
  minimumDetectableEffect: number;
  elements: { id: number; variants: { id: number }[] }[];
  goals: {
    id: number;
    isConversionGoal: boolean;
    metricRole: 'secondary' | 'guardrail' | null;
    lowerIsBetter: boolean;
    event: { name: string };
  }[];
}

describe('stats settings: goal roles, the test plan and the team correction', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let campaignId: number;

  const frame = (): FrameLocator => previewFrame(page);
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  const step = () => wizardStep(page);
  const load = (id: number) =>
    api.call<SavedCampaign>('GET', `/team/${team}/campaign/by-id?id=${id}`);
  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
  const mde = () => page.getByLabel('Minimum detectable effect (%)');
  const method = (name: 'Always-valid' | 'Fixed horizon') =>
    page.getByTestId('stats-method').getByRole('radio', { name: new RegExp(`^${name}`) });

  /**
   * Both sizes' pictures of the window with `target` scrolled into view (its end). A full-page
   * picture would not do: it grows the viewport to the page, which scrolls the wizard's own
   * panel back to its top.
   */
  async function shotShowing(target: Locator, name: string): Promise<void> {
    const on = target.page();
    const before = on.viewportSize();
    for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
      await on.setViewportSize(viewport);
      await target.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await animationsDone(on);
      await on.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size}.png`) });
    }
    if (before) await on.setViewportSize(before);
  }

  /** Next, step by step, through `steps`. */
  async function walk(steps: readonly string[]): Promise<void> {
    for (const reached of steps) {
      await next();
      await poll(step).toBe(reached);
    }
  }

  /** A saved campaign's edit wizard, walked from EditElements through `steps`. */
  async function openWizardOf(id: number, steps: readonly string[]): Promise<void> {
    await page.goto(`/admin/${team}/campaign/${id}/edit`);
    await poll(step).toBe('EditElements');
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    await walk(steps);
  }

  /** From a saved campaign's page: the edit wizard, walked to its Settings step. */
  async function openSettingsOf(id: number): Promise<void> {
    await openWizardOf(id, ['EditGoals', 'CampaignTypeSelection', 'Settings']);
    await mde().waitFor();
  }

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    await signUpThroughUi(page, newPerson('Stella Statistics', 'stats-settings'));
    team = await createTeamThroughUi(page, 'Careful Verdicts');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('marks a goal as a guardrail where lower is better; the saved goals keep it', async () => {
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await openSaasLandingForEditing(page, fixtures);
    const editor = page.getByTestId('draft-editor');
    await pickInPreview(page, frame().locator('h1'), editor);
    await page.getByLabel('Variant 1 text', { exact: true }).fill('Release notes people love');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await editor.waitFor({ state: 'detached' });
    await page
      .getByTestId('element-side-menu')
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await next();
    await poll(step).toBe('EditGoals');

    const cards = page.getByTestId('goal-card');
    await page.getByRole('button', { name: 'Add page view goal' }).click();
    await page.getByLabel('Page view URL').fill(fixtureUrlOf(fixtures, 'thanks.html'));
    await page.getByLabel('Goal name').first().fill('Signed up');
    await page.getByRole('button', { name: 'Add page view goal' }).click();
    await page.getByLabel('Page view URL').fill(fixtureUrlOf(fixtures, 'thanks.html?error=1'));
    await page.getByLabel('Goal name').nth(1).fill('Error page');
    // A new goal is a funnel step; the help says what each role does.
    const errorCard = cards.nth(1);
    expect(await errorCard.getByRole('radio', { name: /^Funnel step/ }).isChecked()).toBe(true);
    await errorCard
      .getByText('a variant that makes it significantly worse is not called a winner', {
        exact: false,
      })
      .waitFor();
    await errorCard.getByRole('radio', { name: /^Guardrail/ }).check();
    await errorCard.getByRole('switch', { name: 'Lower is better' }).click();
    // The guardrail leaves the funnel: "Signed up" is now its end, the conversion goal.
    await poll(() => cards.getByTestId('goal-position').allTextContents()).toEqual([
      'Step 1',
      'Guardrail',
    ]);
    await cards.nth(0).getByText('Conversion goal', { exact: true }).waitFor();
    expect(await errorCard.getByText('Conversion goal', { exact: true }).count()).toBe(0);
    await errorCard.getByText('Lower is better', { exact: true }).first().waitFor();
    await shotShowing(errorCard, 'stats-goal-roles');

    await next();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Submit' }).click();
    await poll(step).toBe('CampaignTypeSelection');
    await next();
    await poll(step).toBe('Settings');
    // A new campaign shows the defaults, and sends no plan it was not given.
    expect(await mde().inputValue()).toBe('10');
    expect(await method('Always-valid').isChecked()).toBe(true);
    await page.getByLabel('Campaign name').fill('Careful headline');
    const created = page.waitForRequest('**/campaign/create');
    await createThroughReview(page);
    const body = (await created).postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty('statsMethod');
    expect(body).not.toHaveProperty('minimumDetectableEffect');
    await page.waitForURL(/\/campaign\/\d+$/);
    campaignId = Number(/\/campaign\/(\d+)$/.exec(page.url())?.[1]);

    const saved = await load(campaignId);
    expect(
      saved.goals.map((goal) => [
        goal.event.name,
        goal.metricRole,
        goal.lowerIsBetter,
        goal.isConversionGoal,
      ]),
    ).toEqual([
      ['Signed up', null, false, true],
      ['Error page', 'guardrail', true, false],
    ]);
    expect(saved).toMatchObject({ statsMethod: 'sequential', minimumDetectableEffect: 0.1 });
    // The campaign page says what each goal is.
    const guardrail = page.getByTestId('campaign-contents').getByRole('listitem', {
      name: 'Error page',
    });
    await guardrail.getByText('Guardrail', { exact: true }).waitFor();
    await guardrail.getByText('Lower is better', { exact: true }).waitFor();
  });

  it('adds revenue and per-session metrics in the goals step; saved, reopened and removed', async () => {
    const openGoalsOf = (id: number) => openWizardOf(id, ['EditGoals']);
    const saveFromGoals = async () => {
      await walk(['CampaignTypeSelection', 'Settings']);
      await page.getByRole('button', { name: 'Save campaign' }).click();
      await page.waitForURL(/\/campaign\/\d+$/);
    };
    const rows = page.getByTestId('extra-metric');
    await openGoalsOf(campaignId);
    await page.getByRole('heading', { name: 'Revenue and per-session metrics' }).waitFor();
    await page.getByRole('button', { name: 'Add a metric' }).click();
    await page.getByRole('button', { name: 'Add a metric' }).click();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getByLabel('Metric').inputValue()).toBe('revenue_per_visitor');
    // A metric already in the list cannot be picked twice.
    const second = rows.nth(1);
    expect(await second.getByRole('option', { name: 'Revenue per visitor' }).isDisabled()).toBe(
      true,
    );
    await second.getByLabel('Metric').selectOption({ label: 'Error page per session' });
    await second.getByLabel('Role').selectOption({ label: 'Guardrail' });
    await second.getByRole('switch', { name: 'Lower is better' }).click();
    await shotShowing(second, 'stats-extra-metrics');
    await saveFromGoals();

    const saved = await api.call<
      SavedCampaign & {
        extraMetrics: { kind: string; goalId: number | null; role: string; name: string }[];
      }
    >('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
    const errorGoal = saved.goals.find((goal) => goal.event.name === 'Error page')!;
    expect(saved.extraMetrics).toMatchObject([
      { kind: 'revenue_per_visitor', goalId: null, role: 'secondary', name: 'Revenue per visitor' },
      {
        kind: 'goal_per_session',
        goalId: errorGoal.id,
        role: 'guardrail',
        lowerIsBetter: true,
        name: 'Error page per session',
      },
    ]);

    // Reopened, the list is as saved; removing one saves the rest.
    await openGoalsOf(campaignId);
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(1).getByLabel('Role').inputValue()).toBe('guardrail');
    await rows.nth(0).getByRole('button', { name: 'Remove Revenue per visitor' }).click();
    await saveFromGoals();
    const after = await api.call<{ extraMetrics: { name: string }[] }>(
      'GET',
      `/team/${team}/campaign/by-id?id=${campaignId}`,
    );
    expect(after.extraMetrics.map((metric) => metric.name)).toEqual(['Error page per session']);
  });

  it('changes the effect and the method of a campaign without visitors; a bad effect changes nothing', async () => {
    await openSettingsOf(campaignId);
    expect(await mde().inputValue()).toBe('10');
    expect(await method('Fixed horizon').isDisabled()).toBe(false);
    for (const bad of ['0', '500']) {
      await mde().fill(bad);
      await page.getByText(MDE_MESSAGE).waitFor();
      await page.getByRole('button', { name: 'Save campaign' }).click();
      await page.getByText(MDE_MESSAGE).waitFor();
      expect(await step()).toBe('Settings');
    }
    expect((await load(campaignId)).minimumDetectableEffect).toBe(0.1);

    await mde().fill('5');
    await method('Fixed horizon').check();
    expect(await page.getByText(MDE_MESSAGE).count()).toBe(0);
    await page
      .getByText(
        'The smallest change worth detecting. Smaller effects need more visitors; the planned sample and the days left come from it.',
      )
      .waitFor();
    await shotShowing(page.getByTestId('stats-plan'), 'stats-campaign-settings');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(/\/campaign\/\d+$/);
    expect(await page.getByTestId('fact-test-method').innerText()).toBe('Fixed horizon');
    expect(await page.getByTestId('fact-minimum-detectable-effect').innerText()).toBe('5%');
    expect(await load(campaignId)).toMatchObject({
      statsMethod: 'fixed',
      minimumDetectableEffect: 0.05,
    });
  });

  it('locks the method once visitors come: the server refuses a late change, the screen says why', async () => {
    const body = saasHeadlineCampaign(fixtures, 'Visited headline');
    const { id } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, body);
    const campaign = await load(id);
    const element = campaign.elements[0]!;

    // Chosen while the campaign had no visitor yet...
    await openSettingsOf(id);
    await method('Fixed horizon').check();
    // ...then visitors come: 60 in each arm, 160 views, seen on the campaign's own page.
    const events = plannedEvents({
      campaignId: id,
      elementId: element.id,
      goals: { first: campaign.goals[0]!.id, conversion: campaign.goals[0]!.id },
      arms: [
        { arm: 'control', visitors: 60, converters: 0, revenue: 0 },
        { arm: element.variants[0]!.id, visitors: 60, converters: 0, revenue: 0 },
      ],
      now: Date.now(),
      hours: 5,
    });
    await postTraffic(
      baseUrl,
      events.map((event) => ({ ...event, url: body.ingestedUrl })),
    );
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.getByTestId('form-error').getByText(CAMPAIGN_INPUT_MESSAGES.methodLocked).waitFor();
    expect((await load(id)).statsMethod).toBe('sequential');

    // Opened again, the method cannot change, and says why; the effect still can. (The list's
    // figures, which tell the screen about visitors, are kept up to 20 s by the server.)
    const { timezone } = (await api.userContext(team)).user.preferences;
    const views = async () =>
      (
        await api.call<{ id: number; views: number }[]>(
          'GET',
          `/team/${team}/campaign/performance/campaigns?timezone=${encodeURIComponent(timezone)}`,
        )
      ).find((figures) => figures.id === id)?.views;
    await expect.poll(views, { timeout: 30_000, interval: 1_000 }).toBe(160);
    await openSettingsOf(id);
    await poll(() => method('Fixed horizon').isDisabled()).toBe(true);
    expect(await method('Always-valid').isChecked()).toBe(true);
    await page.getByText(CAMPAIGN_INPUT_MESSAGES.methodLocked).waitFor();
    await mde().fill('20');
    await shotShowing(page.getByTestId('stats-plan'), 'stats-method-locked');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.waitForURL(/\/campaign\/\d+$/);
    expect(await load(id)).toMatchObject({
      statsMethod: 'sequential',
      minimumDetectableEffect: 0.2,
    });

    // Under 100 visitors an arm, the list shows the API's verdict: no uplift, what is missing.
    await page.goto(`/admin/${team}/campaigns`);
    const row = page.locator(`[data-campaign-id="${id}"]`);
    await poll(() => row.getByTestId('figure-views').innerText()).toBe('160');
    expect(await row.getByTestId('verdict-summary').innerText()).toBe(
      'Not enough data yet: needs 80 more visitors (at least 100 in each version).',
    );
    expect(await row.getByTestId('figure-verdict').innerText()).not.toMatch(/[+-]\d+%/);
  });

  it('sets Benjamini-Hochberg as the owner; a member sees it and is refused', async () => {
    await page.goto(`/admin/${team}/settings/team`);
    const card = page.getByTestId('stats-correction');
    const correction = (name: 'Holm' | 'Benjamini-Hochberg') =>
      card.getByRole('radio', { name: new RegExp(`^${name}`) });
    expect(await correction('Holm').isChecked()).toBe(true);
    await correction('Benjamini-Hochberg').check();
    await toast('Statistics settings saved').waitFor();
    const teamOf = (caller: Api) =>
      caller.call<{ team: { statsCorrection: string } }>('GET', `/team/${team}`);
    expect((await teamOf(api)).team.statsCorrection).toBe('benjamini-hochberg');
    await shotShowing(card, 'stats-team-correction');

    const person = newPerson('Molly Member', 'stats-member');
    const memberApi = await joinAsMember(baseUrl, { owner: api, team, person });
    const { page: memberPage, context } = await newPage(browser, baseUrl);
    await memberPage.goto('/admin/auth/sign-in');
    await signInThroughUi(memberPage, person.email, person.password);
    await memberPage.waitForURL(/\/admin\/[^/]+\/campaigns/);
    await memberPage.goto(`/admin/${team}/settings/team`);
    const memberCard = memberPage.getByTestId('stats-correction');
    const memberRadio = memberCard.getByRole('radio', { name: /^Benjamini-Hochberg/ });
    await memberRadio.waitFor();
    expect(await memberRadio.isChecked()).toBe(true);
    expect(await memberRadio.isDisabled()).toBe(true);
    await memberCard.getByText('Only team owners can change how verdicts are corrected.').waitFor();
    await shotShowing(memberCard, 'stats-team-correction-member');
    const memberToken = await accessTokenOf(memberPage);
    await context.close();

    // The server agrees: the member's change is refused, the owner's goes through.
    const set = (token: string, correction: string) =>
      fetch(`${baseUrl}/api/team/${team}/stats-settings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ correction }),
      });
    expect((await set(memberToken, 'holm')).status).toBe(403);
    expect((await teamOf(api)).team.statsCorrection).toBe('benjamini-hochberg');
    expect((await set(await accessTokenOf(page), 'holm')).status).toBe(200);
    expect((await teamOf(memberApi)).team.statsCorrection).toBe('holm');
  });
});
