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
  dismissIntroSurvey,
} from './support/flows';
import { plannedEvents, postTraffic } from './support/results-traffic';
import {
  framesOf,
  launchShopBrowser,
  sent,
  sentEverything,
  shopUrlOf,
  startTaggedShop,
  visitShop,
} from './support/tracker-visit';

// Issue 35, "done when": End test -> roll out Variant 2 (the winner the results name, chosen by
// default) -> a fresh visitor of the page, through the real tracker, sees Variant 2 and the
// results stay readable and unchanged; Archive hides the campaign from the list and the
// "Archived" filter shows it.

const baseUrl = inject('baseUrl');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const ORIGINAL = 'The desk lamp that follows your day';
const VARIANT_1 = 'Light that keeps up with you';
const VARIANT_2 = 'Warm light for late work';

interface Saved {
  elements: { id: number; variants: { id: number }[] }[];
  goals: { id: number }[];
  end: { outcome: string; serving: boolean; rolloutViews: number } | null;
}

describe('ending a test and archiving it', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let pageUrl: string;
  let campaignId: number;
  let variant2: number;

  const load = () => api.call<Saved>('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
  /** What the results count per arm, all time: views, visitors, conversions. */
  const counted = async () => {
    const stats = await api.call<{
      elements: Record<
        string,
        { variants: Record<string, { overall: { discrete: Record<string, number> } }> }
      >;
    }>('POST', `/team/${team}/campaign/stats`, {
      id: campaignId,
      range: {
        start: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        end: new Date(Date.now() + 3_600_000).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });
    return Object.values(stats.elements).flatMap((element) =>
      Object.entries(element.variants).map(([arm, { overall }]) => {
        const { views, visitors, conversions } = overall.discrete;
        return { arm, views, visitors, conversions };
      }),
    );
  };

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Enid Ender', 'end-test'));
    team = await createTeamThroughUi(page, 'Lumen Endings');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    ({ id: campaignId } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'Lamp headline',
      ingestedUrl: pageUrl,
      isEnabled: true,
      elements: [
        {
          id: -1,
          key: 'headline',
          selector: 'h1',
          type: 'text',
          control: { info: { value: ORIGINAL } },
          variants: [
            { id: -2, key: 'keeps-up', type: 'text', info: { value: VARIANT_1 } },
            { id: -3, key: 'warm', type: 'text', info: { value: VARIANT_2 } },
          ],
        },
      ],
      goals: [
        {
          id: -4,
          isConversionGoal: true,
          event: { type: 1, name: 'Thanks', url: shopUrlOf(fixtures, 'thanks.html') },
        },
      ],
    }));
    const saved = await load();
    const elementId = saved.elements[0]!.id;
    const [v1, v2] = saved.elements[0]!.variants;
    variant2 = v2!.id;
    const goalId = saved.goals[0]!.id;
    // Variant 2 converts 30% against 10%: the winner the results name.
    await postTraffic(
      baseUrl,
      plannedEvents({
        campaignId,
        elementId,
        goals: { first: goalId, conversion: goalId },
        arms: [
          { arm: 'control', visitors: 500, converters: 50, revenue: 0 },
          { arm: v1!.id, visitors: 500, converters: 55, revenue: 0 },
          { arm: variant2, visitors: 500, converters: 150, revenue: 0 },
        ],
        now: Date.now(),
        hours: 5,
      }).map((event) => ({ ...event, url: pageUrl })),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('ends the test with Variant 2, the winner, rolled out', async () => {
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    await page.getByTestId('results').waitFor();
    await page.getByTestId('end-test').click();
    const dialog = page.getByTestId('end-test-dialog');
    await dialog.getByText('The winner, as the results say').waitFor();
    // The winner is chosen by default.
    expect(await dialog.getByRole('radio', { name: /Roll out Variant 2/ }).isChecked()).toBe(true);
    await shotAtBothSizes(page, 'end-test-dialog');
    await dialog.getByTestId('end-test-confirm').click();
    await dialog.waitFor({ state: 'detached' });

    const title = page.getByTestId('campaign-end-title');
    await poll(() => title.innerText()).toMatch(/^Ended on .+: Variant 2 rolled out$/);
    await page.getByTestId('remove-rollout').waitFor();
    expect(await page.getByTestId('end-test').count()).toBe(0);
    expect(await load()).toMatchObject({
      end: { outcome: 'Variant 2 rolled out', serving: true, rolloutViews: 0 },
    });
    await shotAtBothSizes(page, 'end-test-ended');
  });

  it('serves Variant 2 to a fresh visitor through the tracker; the results stay as they were', async () => {
    const before = await counted();
    expect(before).toContainEqual({
      arm: String(variant2),
      views: 667,
      visitors: 500,
      conversions: 150,
    });
    const visit = await visitShop(browser, pageUrl);
    await poll(async () => (await framesOf(visit.page)).at(-1)?.h1?.text).toBe(VARIANT_2);
    // No frame showed the original headline: the rollout lands before first paint.
    const painted = (await framesOf(visit.page)).filter((frame) => frame.h1?.visible);
    expect(painted.every((frame) => frame.h1?.text === VARIANT_2)).toBe(true);
    await sentEverything(visit);
    expect(sent(visit.posted, 'exposure')).toHaveLength(1);
    expect(visit.posted.map((post) => post.answer)).toContainEqual(
      expect.objectContaining({ accepted: 0, rolloutViews: 1 }),
    );
    await visit.context.close();

    expect(await counted()).toEqual(before);
    await poll(async () => (await load()).end?.rolloutViews).toBe(1);
    await page.reload();
    await page.getByTestId('results-body').waitFor();
    await poll(() => page.getByTestId('campaign-end-banner').innerText()).toContain('1 page view');
    expect(await page.getByTestId('results-body').innerText()).toMatch(/Variant 2/);
    await shotAtBothSizes(page, 'end-test-results-readable');
  });

  it('archives the campaign: hidden from the list, shown by the Archived filter', async () => {
    await page.goto(`/admin/${team}/campaigns`);
    // The intro survey card waits for later: the list is what this test looks at.
    await dismissIntroSurvey(page);
    const row = page.locator(`[data-campaign-id="${campaignId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('campaign-status').innerText()).toBe('Ended');
    await page.getByTestId(`campaign-actions-${campaignId}`).click();
    await page.getByTestId(`campaign-archive-${campaignId}`).click();
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('campaign-filter-empty').waitFor();
    await shotAtBothSizes(page, 'end-test-archived-hidden');

    await page.getByTestId('campaign-status-filter').selectOption('archived');
    await row.waitFor();
    expect(page.url()).toContain('status=archived');
    expect(await row.getByTestId('campaign-status').innerText()).toMatch(/Archived\s*Ended/);
    await shotAtBothSizes(page, 'end-test-archived-filter');

    await page.getByTestId('campaign-status-filter').selectOption('ended');
    await page.getByTestId('campaign-filter-empty').waitFor();
    await page.getByTestId('campaign-status-filter').selectOption('archived');
    await page.getByTestId(`campaign-actions-${campaignId}`).click();
    await page.getByTestId(`campaign-archive-${campaignId}`).click();
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('campaign-status-filter').selectOption('active');
    await row.waitFor();
    // The rollout is still served while archived and after.
    expect((await load()).end?.serving).toBe(true);
    expect(variant2).toBeGreaterThan(0);
  });
});
