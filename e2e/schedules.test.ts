import {
  assignCampaigns,
  SCHEDULE_MESSAGES,
  wallTimeInZone,
  type BucketingCampaign,
} from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import { createHeadlineCampaign, SHOP_HEADLINE } from './support/headline-shop';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
  dismissIntroSurvey,
} from './support/flows';
import { E2E_SCHEDULE_CHECK_MS } from './support/schedule-timing';
import {
  framesOf,
  launchShopBrowser,
  shopUrlOf,
  startTaggedShop,
  visitShop,
} from './support/tracker-visit';

// Issue 31, "done when": a schedule starting one minute ahead, set through the campaign page in
// the team's time zone, switches the campaign on within the worker's interval, and a visitor of
// the tagged shop then gets the variant through the real tracker. The list shows the badges.

const baseUrl = inject('baseUrl');
const ZONE = 'Europe/Berlin';
const VARIANT = 'Light that wakes with you';
const MINUTE = 60_000;

interface Saved {
  isEnabled: boolean;
  elements: { id: number; variants: { id: number }[] }[];
  schedule: { state: string; summary: string; badges: string[]; timeZone: string };
}

describe('schedules', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let pageUrl: string;
  let campaignId: number;
  let laterId: number;

  const load = (id = campaignId) => api.call<Saved>('GET', `/team/${team}/campaign/by-id?id=${id}`);
  const trackerCampaigns = async () =>
    (
      (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
        campaigns: BucketingCampaign[];
      }
    ).campaigns;

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Sam Scheduler', 'schedules'));
    team = await createTeamThroughUi(page, 'Lumen Clockwork');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    const campaign = (name: string) =>
      createHeadlineCampaign(api, team, {
        name,
        description: 'Switched on by its schedule',
        ingestedUrl: pageUrl,
        isEnabled: false,
        variants: [{ key: 'wakes', value: VARIANT }],
      });
    campaignId = await campaign('Morning headline');
    laterId = await campaign('Winter sale headline');
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it("sets the team's time zone in team settings", async () => {
    await page.goto(`/admin/${team}/settings/team`);
    const card = page.getByTestId('team-time-zone');
    await card.getByLabel('Team time zone').selectOption(ZONE);
    await card.getByRole('button', { name: 'Save time zone' }).click();
    await expect.poll(async () => (await load()).schedule.timeZone, { timeout: 10_000 }).toBe(ZONE);
    await shotAtBothSizes(page, 'schedule-team-time-zone');
  });

  it('refuses a stop before the start with the server sentence beside the field', async () => {
    await page.goto(`/admin/${team}/campaign/${laterId}`);
    const card = page.getByTestId('schedule-card');
    await card.getByText(`Times are in Europe/Berlin, the team's time zone.`).waitFor();
    const start = Date.now() + 30 * 24 * 60 * MINUTE;
    await card.getByLabel('Start at').fill(wallTimeInZone(new Date(start).toISOString(), ZONE));
    await card
      .getByLabel('Stop at')
      .fill(wallTimeInZone(new Date(start - 60 * MINUTE).toISOString(), ZONE));
    await card.getByTestId('schedule-save').click();
    await card.getByText(SCHEDULE_MESSAGES.stopBeforeStart).waitFor();
    expect((await load(laterId)).schedule.state).toBe('none');
    await shotAtBothSizes(page, 'schedule-error');

    await card
      .getByLabel('Stop at')
      .fill(wallTimeInZone(new Date(start + 7 * 24 * 60 * MINUTE).toISOString(), ZONE));
    await card.getByTestId('schedule-save').click();
    await expect.poll(async () => (await load(laterId)).schedule.state).toBe('start-pending');
    expect(await card.getByText(SCHEDULE_MESSAGES.stopBeforeStart).count()).toBe(0);
  });

  it('starts the campaign at a time set one minute ahead, within the worker interval', async () => {
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    const card = page.getByTestId('schedule-card');
    // The next whole minute after one from now: a wall time the field can hold, still ahead
    // when the form is sent.
    const startAt = Math.ceil((Date.now() + MINUTE) / MINUTE) * MINUTE;
    await card.getByLabel('Start at').fill(wallTimeInZone(new Date(startAt).toISOString(), ZONE));
    await card.getByTestId('schedule-save').click();
    await expect.poll(async () => (await load()).schedule.state).toBe('start-pending');
    const summary = card.getByTestId('schedule-summary');
    await expect.poll(() => summary.innerText()).toMatch(/^Starts .+ \(Europe\/Berlin\)\.$/);
    expect((await load()).isEnabled).toBe(false);
    await shotAtBothSizes(page, 'schedule-card-pending');

    await page.goto(`/admin/${team}/campaigns`);
    await dismissIntroSurvey(page);
    const row = page.locator(`[data-campaign-id="${campaignId}"]`);
    const badges = row.getByTestId('schedule-badge');
    await expect.poll(() => badges.allInnerTexts()).toEqual([(await load()).schedule.badges[0]]);
    const later = page.locator(`[data-campaign-id="${laterId}"]`).getByTestId('schedule-badge');
    await expect.poll(() => later.count()).toBe(2);
    await shotAtBothSizes(page, 'schedule-list-badges');

    // Before the start: the tracker serves no campaign, a visitor sees the page as it is.
    expect(await trackerCampaigns()).toEqual([]);
    const before = await visitShop(browser, pageUrl);
    await expect
      .poll(async () => (await framesOf(before.page)).at(-1)?.h1?.text)
      .toBe(SHOP_HEADLINE);
    await before.context.close();

    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    // Switched on by the worker no later than one check after the start (and a little slack
    // for the round itself and this poll).
    await expect
      .poll(async () => (await load()).isEnabled, {
        timeout: startAt - Date.now() + E2E_SCHEDULE_CHECK_MS + 3_000,
        interval: 250,
      })
      .toBe(true);
    const lateBy = Date.now() - startAt;
    expect(lateBy).toBeLessThan(E2E_SCHEDULE_CHECK_MS + 3_000);
    expect(lateBy).toBeGreaterThanOrEqual(0);

    // The open page reads the campaign again once the start has passed.
    const header = page.getByTestId('campaign-page');
    await expect
      .poll(() => summary.innerText(), { timeout: 15_000 })
      .toMatch(/^Started by schedule/);
    await header.getByText('Enabled', { exact: true }).first().waitFor();
    await shotAtBothSizes(page, 'schedule-card-started');

    const notices = await api.call<{ notifications: { title: string }[] }>(
      'GET',
      `/team/${team}/notifications`,
    );
    expect(notices.notifications.map((notice) => notice.title)).toContain(
      'Morning headline started by schedule',
    );

    // A visitor the public hash puts in the variant now gets it through the tracker.
    const stored = await load();
    const headline = stored.elements[0]!;
    let campaigns: BucketingCampaign[] = [];
    await expect
      .poll(async () => (campaigns = await trackerCampaigns()).map((c) => c.id), {
        timeout: 15_000,
      })
      .toEqual([campaignId]);
    let visitorId = '';
    for (let i = 0; !visitorId; i += 1) {
      const arms = assignCampaigns(`schedule-visitor-${i}`, campaigns);
      if (arms.get(campaignId)?.[headline.id] === headline.variants[0]!.id) {
        visitorId = `schedule-visitor-${i}`;
      }
    }
    const visit = await visitShop(browser, pageUrl, { visitorId });
    await expect.poll(async () => (await framesOf(visit.page)).at(-1)?.h1?.text).toBe(VARIANT);
    await visit.context.close();
  }, 240_000);
});
