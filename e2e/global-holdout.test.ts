import {
  assignCampaigns,
  HOLDOUT_MESSAGES,
  inHoldout,
  type BucketingCampaign,
} from '@kindling/domain';
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
import {
  framesOf,
  launchShopBrowser,
  sent,
  shopUrlOf,
  startTaggedShop,
  visitShop,
  type Visit,
} from './support/tracker-visit';

// Issue 31, the global holdout: an owner holds 20% of the team's visitors out of every campaign
// in Settings; a held-out visitor drawn into the variant sees the original and is counted for
// the programme only; the campaigns' overview compares both groups' conversion.

const baseUrl = inject('baseUrl');
const VARIANT = 'Light that follows the sun';

describe('the global holdout', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let campaignId: number;

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Holly Dout', 'holdout'));
    team = await createTeamThroughUi(page, 'Holdout Lamps');
    api = await Api.of(page, baseUrl);
    fixtures = await startTaggedShop(api, team);
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    campaignId = await createHeadlineCampaign(api, team, {
      name: 'Sun headline',
      description: 'Holdout',
      ingestedUrl: pageUrl,
      isEnabled: true,
      variants: [{ key: 'sun', value: VARIANT }],
      goals: [
        {
          id: -3,
          isConversionGoal: true,
          event: {
            type: 2,
            name: 'Buy',
            elements: [{ id: 'buy', label: 'Buy', selector: '#buy' }],
          },
        },
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  /** A visitor id the public hash draws into the variant, held out at 20% or not. */
  async function visitorOf(prefix: string, heldOut: boolean): Promise<string> {
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: BucketingCampaign[];
    };
    for (let i = 0; ; i += 1) {
      const id = `${prefix}-${i}`;
      const arms = assignCampaigns(id, config.campaigns).get(campaignId);
      if (arms && Object.values(arms)[0] !== 'control' && inHoldout(id, 20) === heldOut) return id;
    }
  }

  /** The headlines the visitor's page showed, once it settled. */
  const headlines = async (visit: Visit) => {
    await visit.page.waitForLoadState('load');
    await visit.page.waitForTimeout(800);
    const frames = await framesOf(visit.page);
    return [...new Set(frames.filter((f) => f.h1?.visible).map((f) => f.h1!.text))];
  };

  it('is set by the owner in Settings, refusing a share over 20%', async () => {
    await page.goto(`/admin/${team}/campaigns`);
    await page.getByTestId('campaign-list').waitFor();
    // No holdout yet: the overview shows no comparison.
    expect(await page.getByTestId('programme-impact').count()).toBe(0);

    await page.goto(`/admin/${team}/settings/team`);
    const card = page.getByTestId('holdout-card');
    const field = card.getByLabel('Visitors held out (%)');
    await field.waitFor();
    expect(await field.inputValue()).toBe('0');
    await field.fill('25');
    await card.getByRole('button', { name: 'Save holdout' }).click();
    await card.getByText(HOLDOUT_MESSAGES.percent).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'holdout-refused');
    expect((await api.call<{ percent: number }>('GET', `/team/${team}/holdout`)).percent).toBe(0);

    await field.fill('20');
    await card.getByRole('button', { name: 'Save holdout' }).click();
    await page.getByText('Holdout set to 20%').waitFor();
    expect((await api.call<{ percent: number }>('GET', `/team/${team}/holdout`)).percent).toBe(20);
    await card.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'holdout-setting');
  });

  it('shows a held-out visitor the original, and counts them for the programme only', async () => {
    const held = await visitorOf('held', true);
    const included = await visitorOf('included', false);

    const heldVisit = await visitShop(browser, pageUrl, { visitorId: held });
    expect(await headlines(heldVisit)).toEqual([SHOP_HEADLINE]);
    const includedVisit = await visitShop(browser, pageUrl, { visitorId: included });
    expect(await headlines(includedVisit)).toEqual([VARIANT]);

    for (const visit of [heldVisit, includedVisit]) {
      await visit.page.click('#buy');
      await expect.poll(() => sent(visit.posted, 'goal').length, { timeout: 15_000 }).toBe(1);
    }
    const [heldExposure] = sent(heldVisit.posted, 'exposure');
    const [includedExposure] = sent(includedVisit.posted, 'exposure');
    expect(heldExposure).toMatchObject({ visitorId: held, holdout: true });
    expect(includedExposure).toMatchObject({ visitorId: included });
    expect(includedExposure).not.toHaveProperty('holdout');
    await heldVisit.context.close();
    await includedVisit.context.close();

    // The campaign counted only the visitor who could see it.
    const stats = await api.call<{
      elements: Record<
        string,
        { variants: Record<string, { overall: { discrete: { visitors: number } } }> }
      >;
    }>('POST', `/team/${team}/campaign/stats`, {
      id: campaignId,
      range: {
        start: new Date(Date.now() - 86_400_000).toISOString(),
        end: new Date(Date.now() + 3_600_000).toISOString(),
      },
      timezone: 'UTC',
      granularity: 'day',
    });
    const visitors = Object.values(stats.elements).flatMap((element) =>
      Object.values(element.variants).map((arm) => arm.overall.discrete.visitors),
    );
    expect(visitors.reduce((sum, n) => sum + n, 0)).toBe(1);
  });

  it("compares both groups on the campaigns' overview", async () => {
    await page.goto(`/admin/${team}/campaigns`);
    const impact = page.getByTestId('programme-impact');
    await impact.waitFor();
    expect(await impact.getByTestId('programme-holdout').innerText()).toMatch(
      /Held out \(20%\)\s+100%\s+1 of 1 visitors converted/,
    );
    expect(await impact.getByTestId('programme-exposed').innerText()).toMatch(
      /In your campaigns\s+100%\s+1 of 1 visitors converted/,
    );
    expect(await impact.getByTestId('programme-sentence').innerText()).toContain(
      'Collecting: the comparison starts at 100 visitors in each group (1 held out, 1 in campaigns so far).',
    );
    await shotAtBothSizes(page, 'holdout-overview');

    // The owner's way back to the setting. Turned off, the comparison stays as it ended.
    await impact.getByRole('link', { name: 'Change the holdout' }).click();
    const card = page.getByTestId('holdout-card');
    const field = card.getByLabel('Visitors held out (%)');
    await field.fill('0');
    await card.getByRole('button', { name: 'Save holdout' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The comparison of the 2 visitors counted so far stays').waitFor();
    await dialog.getByRole('button', { name: 'Turn it off' }).click();
    await page.getByText('Holdout turned off').waitFor();
    await page.goto(`/admin/${team}/campaigns`);
    expect(await page.getByTestId('programme-holdout').innerText()).toMatch(
      /Held out \(holdout now off\)\s+100%\s+1 of 1 visitors converted/,
    );

    // On again: a new share draws the holdout again and the comparison starts from zero.
    await page.goto(`/admin/${team}/settings/team`);
    await field.fill('10');
    await card.getByRole('button', { name: 'Save holdout' }).click();
    await dialog.getByText('the 2 visitors counted so far are set aside').waitFor();
    await dialog.getByRole('button', { name: 'Change the holdout' }).click();
    await page.getByText('Holdout set to 10%').waitFor();
    const report = await api.call<{ percent: number; holdout: { visitors: number } }>(
      'GET',
      `/team/${team}/holdout`,
    );
    expect(report).toMatchObject({ percent: 10, holdout: { visitors: 0 } });
  });
});
