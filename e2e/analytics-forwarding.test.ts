import { assignCampaigns, type BucketingCampaign } from '@kindling/domain';
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
import { startHeadlineShop } from './support/headline-shop';
import { launchShopBrowser, sent, visitShop, type Visit } from './support/tracker-visit';

// Issue 33, analytics forwarding: an owner turns it on in Settings; on a page with Google Tag
// Manager's dataLayer, GA4's gtag and Segment's analytics (stubs that record their calls), each
// tool gets exactly one call per exposure with the documented fields, and so does a hook the
// page added with kindling('on', 'exposure', fn). Off, only the hook runs; without consent,
// nothing does.

const baseUrl = inject('baseUrl');

/** The page's analytics tools, recording their calls, and a hook, set before the tag runs. */
const TOOLS =
  `window.dataLayer=[{event:'gtm.js'}];` +
  `window.gtagCalls=[];window.gtag=function(){gtagCalls.push([].slice.call(arguments))};` +
  `window.segmentCalls=[];window.analytics={track:function(){segmentCalls.push([].slice.call(arguments))}};` +
  `window.hooked=[];` +
  `window.kindling=function(){(window.kindling.q=window.kindling.q||[]).push(arguments)};` +
  `kindling('on','exposure',function(e){hooked.push(e)});`;

interface Recorded {
  dataLayer: Record<string, unknown>[];
  gtag: unknown[][];
  segment: unknown[][];
  hooked: Record<string, unknown>[];
}

/** What the page's tools and hook received; the stubs are the page's globals (TOOLS). */
const recorded = (visit: Visit) =>
  visit.page.evaluate((): Recorded => {
    const page = window as unknown as {
      dataLayer: Record<string, unknown>[];
      gtagCalls: unknown[][];
      segmentCalls: unknown[][];
      hooked: Record<string, unknown>[];
    };
    return {
      dataLayer: page.dataLayer.filter((entry) => entry.event === 'kindling_exposure'),
      gtag: page.gtagCalls,
      segment: page.segmentCalls,
      hooked: page.hooked,
    };
  });

describe('analytics forwarding', () => {
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
    await signUpThroughUi(page, newPerson('Ana Lytics', 'forwarding'));
    team = await createTeamThroughUi(page, 'Forwarding Lamps');
    api = await Api.of(page, baseUrl);
    ({ fixtures, pageUrl, campaignId } = await startHeadlineShop(api, team, {
      description: 'Forwarding',
      variants: [{ key: 'sun', value: 'Light that follows the sun' }],
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  /** A visitor id the public hash draws into the variant, and the element's id and variant's. */
  async function variantVisitor(prefix: string) {
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: BucketingCampaign[];
    };
    for (let i = 0; ; i += 1) {
      const id = `${prefix}-${i}`;
      const arms = assignCampaigns(id, config.campaigns).get(campaignId);
      const [arm] = Object.values(arms ?? {});
      if (arm !== undefined && arm !== 'control') return { id, variant: arm };
    }
  }

  /** A visit with the tools on the page, once its exposure went and forward.js had its turn. */
  async function visitWithTools(visitorId: string, extra = '') {
    const visit = await visitShop(browser, pageUrl, { visitorId, before: TOOLS + extra });
    await expect.poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 }).toBe(1);
    return visit;
  }

  const choose = async (label: string, toast: string) => {
    const card = page.getByTestId('analytics-forwarding-card');
    await card.getByRole('radio', { name: label }).check();
    await page.getByText(toast).waitFor();
    return card;
  };

  it('is turned on by the owner in Settings', async () => {
    await page.goto(`/admin/${team}/settings/team`);
    const card = page.getByTestId('analytics-forwarding-card');
    await card.getByRole('radio', { name: 'Off' }).waitFor();
    expect(await card.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true);
    await choose('On, with names', 'Exposures are forwarded with names');
    expect(
      (await api.call<{ labels: string }>('GET', `/team/${team}/analytics-forwarding`)).labels,
    ).toBe('names');
    await card.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'analytics-forwarding-setting');
  });

  it('by names: one call per exposure to each tool and to the hook', async () => {
    const visitor = await variantVisitor('named');
    const visit = await visitWithTools(visitor.id);
    await expect.poll(async () => (await recorded(visit)).hooked.length).toBe(1);
    // Give a second call, were there one, the time to come.
    await visit.page.waitForTimeout(500);
    const calls = await recorded(visit);
    const variant = String(visitor.variant);
    expect(calls.dataLayer).toEqual([
      {
        event: 'kindling_exposure',
        campaign: 'Lamp headline',
        variant: 'Variant 1',
        campaign_id: String(campaignId),
        variant_id: variant,
      },
    ]);
    expect(calls.gtag).toEqual([
      [
        'event',
        'experience_impression',
        { exp_variant_string: `kindling-${campaignId}-${variant}` },
      ],
    ]);
    expect(calls.segment).toEqual([
      [
        'Experiment Viewed',
        {
          experiment_id: String(campaignId),
          experiment_name: 'Lamp headline',
          variation_id: variant,
          variation_name: 'Variant 1',
        },
      ],
    ]);
    expect(calls.hooked).toEqual([
      {
        experimentId: String(campaignId),
        experimentName: 'Lamp headline',
        variationId: variant,
        variationName: 'Variant 1',
      },
    ]);
    await visit.context.close();
  });

  it('by ids: no names leave Kindling', async () => {
    await page.goto(`/admin/${team}/settings/team`);
    await choose('On, with ids', 'Exposures are forwarded with ids');
    const config = await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).text();
    expect(config).not.toContain('Lamp headline');
    const visitor = await variantVisitor('ids');
    const visit = await visitWithTools(visitor.id);
    await expect.poll(async () => (await recorded(visit)).segment.length).toBe(1);
    const calls = await recorded(visit);
    expect(calls.segment[0]).toEqual([
      'Experiment Viewed',
      {
        experiment_id: String(campaignId),
        experiment_name: String(campaignId),
        variation_id: String(visitor.variant),
        variation_name: String(visitor.variant),
      },
    ]);
    expect(JSON.stringify(calls)).not.toContain('Lamp headline');
    await visit.context.close();
  });

  it('off: only the page’s hook runs; without consent, nothing is handed on', async () => {
    await page.goto(`/admin/${team}/settings/team`);
    await choose('Off', 'Analytics forwarding turned off');
    const visitor = await variantVisitor('off');
    const visit = await visitWithTools(visitor.id);
    await expect.poll(async () => (await recorded(visit)).hooked.length).toBe(1);
    const calls = await recorded(visit);
    expect(calls).toMatchObject({ dataLayer: [], gtag: [], segment: [] });
    await visit.context.close();

    await page.goto(`/admin/${team}/settings/team`);
    await choose('On, with ids', 'Exposures are forwarded with ids');
    const refused = await visitShop(browser, pageUrl, {
      visitorId: (await variantVisitor('refused')).id,
      before: TOOLS + `kindling('consent',false);`,
    });
    await refused.page.waitForLoadState('load');
    // The tracker's settle time and the part's load, had it been asked for.
    await refused.page.waitForTimeout(2000);
    expect(await recorded(refused)).toEqual({ dataLayer: [], gtag: [], segment: [], hooked: [] });
    expect(sent(refused.posted, 'exposure')).toEqual([]);
    await refused.context.close();
  });
});
