import { randomUUID } from 'node:crypto';
import type { CollectEvent } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { createLampCampaign, sendLampTraffic } from './support/lamp-campaign';
import { plannedEvents, postTraffic } from './support/results-traffic';
import { DESKTOP_UA } from './support/tracker-visit';
import { WEEKLY_PAGE } from './support/weekly-page';

// Issue 34, finding 3, in the browser: forged tracker traffic from one network address is
// counted, but the idea test keeps running and the results say why nothing acts on it. The
// warning is the server's (the web app shows what the API answers); the same campaign shape
// with traffic from many addresses shows none (the positive control).

const baseUrl = inject('baseUrl');
const ATTACKER = '203.0.113.7';

interface Served {
  id: number;
  url: string;
  elements: { id: number; variants: { id: number }[] }[];
  goals: { id: number; url?: string }[];
}

/**
 * The replay of the finding: 122 requests from one address, each 8 made-up visitors of one
 * arm, dressed as the page's tracker (its URL, its collect key read off the public page).
 */
async function forge(campaign: Served, collectKey: string): Promise<void> {
  const [headline, button] = campaign.elements;
  const goal = campaign.goals[0]!;
  const ts = Date.now() - 60_000;
  for (let request = 0; request < 122; request++) {
    const arm = request % 2;
    const events: CollectEvent[] = [];
    for (let i = 0; i < 8; i++) {
      const visitorId = `forged-${request}-${i}`;
      const base = { campaignId: campaign.id, visitorId, sessionId: `${visitorId}-s`, collectKey };
      const assignments: Record<string, number | 'control'> = {};
      for (const e of [headline!, button!]) {
        assignments[e.id] = arm === 0 ? 'control' : e.variants[0]!.id;
      }
      events.push({
        ...base,
        id: randomUUID(),
        type: 'exposure',
        ts,
        url: campaign.url,
        assignments,
        applied: {},
      });
      if (i < (arm === 0 ? 1 : 6)) {
        events.push({
          ...base,
          id: randomUUID(),
          type: 'goal',
          ts: ts + 1000,
          url: goal.url!,
          goalId: goal.id,
        });
      }
    }
    const response = await fetch(`${baseUrl}/api/collect`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'user-agent': DESKTOP_UA,
        'x-forwarded-for': ATTACKER,
      },
      body: JSON.stringify({ events }),
    });
    expect(await response.json()).toEqual({ accepted: events.length, duplicates: 0 });
  }
}

describe('traffic concentrated on one address (issue 34, finding 3)', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Tara Traffic', 'traffic'));
    team = await createTeamThroughUi(page, 'Flood Watch');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a flooded idea test keeps running and its results page says why', async () => {
    const { id, url } = await api.call<{ id: number; url: string }>('POST', `/team/${team}/pages`, {
      slug: 'flooded',
      content: WEEKLY_PAGE,
    });
    await api.call('POST', `/team/${team}/pages/${id}/publish`);
    const { campaignId } = await api.call<{ campaignId: number }>(
      'POST',
      `/team/${team}/pages/${id}/experiment`,
      { variants: [{ headline: 'Your week, planned before coffee', ctaLabel: 'Save my spot' }] },
    );
    // What anyone can read: the public config and the page.
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: Served[];
    };
    const served = config.campaigns.find((campaign) => campaign.id === campaignId)!;
    const collectKey = /data-collect-key="([\w-]+)"/.exec(await (await fetch(url)).text())![1]!;
    await forge(served, collectKey);

    await page.goto(`/admin/${team}/pages/${id}/test`);
    await page.getByTestId('experiment-running').waitFor();
    const warning = page.getByTestId('traffic-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toContain('Traffic from few network addresses');
    expect(await warning.innerText()).toContain(
      '100% of the 976 counted visitors came from one network address.',
    );
    // The forged numbers are shown as counted; the test did not stop on them.
    const views = await page.getByTestId('arm').locator('td[data-label="Views"]').allTextContents();
    expect(views).toEqual(['488', '488']);
    const experiment = await api.call<{ status: string; traffic: { concentrated: boolean } }>(
      'GET',
      `/team/${team}/pages/${id}/experiment`,
    );
    expect(experiment).toMatchObject({ status: 'running', traffic: { concentrated: true } });
    const after = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: Served[];
    };
    expect(after.campaigns.map((campaign) => campaign.id)).toContain(campaignId);
    await shotAtBothSizes(page, 'traffic-concentration-idea-test');
  });

  it("shows the warning on a campaign's results, and none for traffic from many addresses", async () => {
    const flooded = await createLampCampaign(api, { team, name: 'Lamp from one address' });
    const spread = await createLampCampaign(api, { team, name: 'Lamp from many addresses' });
    const arms = ([sun, warm]: number[]) => [
      { arm: 'control' as const, visitors: 150, converters: 15, revenue: 20 },
      { arm: sun!, visitors: 150, converters: 38, revenue: 20 },
      { arm: warm!, visitors: 150, converters: 17, revenue: 20 },
    ];
    await postTraffic(
      baseUrl,
      plannedEvents({
        campaignId: flooded.id,
        elementId: flooded.elementId,
        goals: flooded.goals,
        arms: arms(flooded.variantIds),
        now: Date.now(),
        hours: 20,
      }),
      { from: ATTACKER },
    );
    await sendLampTraffic(baseUrl, spread, arms);

    await page.goto(`/admin/${team}/campaign/${flooded.id}`);
    const warning = page.getByTestId('traffic-warning');
    await warning.waitFor({ timeout: 15_000 });
    expect(await warning.innerText()).toContain(
      '100% of the 450 counted visitors came from one network address.',
    );
    await shotAtBothSizes(page, 'traffic-concentration-results');

    await page.goto(`/admin/${team}/campaign/${spread.id}`);
    await page.getByTestId('results-body').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('headline-conversionsPerSession').innerText()).toMatch(/\d/);
    expect(await page.getByTestId('traffic-warning').count()).toBe(0);
  });
});
