import { AUDIENCE_API_MESSAGES } from '@kindling/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import type { FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import {
  createHeadlineCampaign,
  SHOP_HEADLINE,
  startHeadlineShop,
  variantVisitor,
} from './support/headline-shop';
import { framesOf, launchShopBrowser, sent, visitShop } from './support/tracker-visit';

// Issue 31, audiences by country: the country comes from a header a trusted proxy sets
// (GEO_HEADER). Without the setting the campaign page says country is not available and the
// server refuses it; with it, "country is one of DE, AT" set on the campaign page shows the
// variant to a visitor whose config request carries DE, and to no one from FR or unknown.

const GEO_HEADER = 'x-kindling-country';
const VARIANT = 'Lamps for the long northern evenings';
const QUIET_SHOP = 'https://shop.example.com/landing';

async function signUpWithCampaignPage(browser: Browser, baseUrl: string, tag: string) {
  const { page } = await newPage(browser, baseUrl);
  await signUpThroughUi(page, newPerson('Coun Try', tag));
  const team = await createTeamThroughUi(page, 'Country Lamps');
  return { page, team, api: await Api.of(page, baseUrl) };
}

const cardOf = (page: Page) => page.getByTestId('audience');

/** On the campaign page: "Visitors who match conditions", condition 1 on the country. */
async function chooseCountry(page: Page, team: string, campaignId: number) {
  await page.goto(`/admin/${team}/campaign/${campaignId}`);
  await cardOf(page).getByText('Visitors who match conditions').click();
  const first = cardOf(page).getByRole('listitem', { name: 'Condition 1' });
  await first.getByLabel("Visitor's").selectOption('country');
  return first;
}

describe('audiences by country, without GEO_HEADER', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchShopBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('says country is not available, and the server refuses it', async () => {
    const { page, team, api } = await signUpWithCampaignPage(browser, baseUrl, 'no-geo');
    const campaignId = await createHeadlineCampaign(api, team, {
      name: 'Lamp headline',
      description: 'Country unavailable',
      ingestedUrl: QUIET_SHOP,
      variants: [{ key: 'north', value: VARIANT }],
    });
    const first = await chooseCountry(page, team, campaignId);
    const note = first.getByRole('alert');
    await expect.poll(() => note.textContent()).toBe(AUDIENCE_API_MESSAGES.noCountrySource);
    await first.getByLabel('Country code', { exact: true }).fill('de');
    expect(await first.getByLabel('Country code', { exact: true }).inputValue()).toBe('DE');
    await cardOf(page).getByRole('button', { name: 'Save' }).click();
    // The server's answer: the same sentence, on the condition (and the form's footer).
    await expect.poll(() => page.getByTestId('form-error').count()).toBe(2);
    expect(await note.textContent()).toBe(AUDIENCE_API_MESSAGES.noCountrySource);
    expect(
      await api.call('GET', `/team/${team}/campaign/audience?campaignId=${campaignId}`),
    ).toEqual({ campaignId, countryAvailable: false, audience: null });
    await cardOf(page).scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'audience-country-unavailable');
  });
});

describe('audiences by country, with GEO_HEADER', () => {
  let server: ServerProcess;
  let dataDir: string;
  let browser: Browser;
  let fixtures: FixtureServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-geo-'));
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      COLLECT_RATE_LIMIT_PER_MINUTE: '100000',
      CLIENT_LOG_RATE_LIMIT_PER_MINUTE: '100000',
      GEO_HEADER,
    });
    if (!server.healthy) throw new Error(`server did not start:\n${server.output()}`);
    browser = await launchShopBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the variant to visitors from DE only, set through the campaign page', async () => {
    const { page, team, api } = await signUpWithCampaignPage(browser, server.url, 'geo');
    const shop = await startHeadlineShop(api, team, {
      description: 'Audiences by country',
      variants: [{ key: 'north', value: VARIANT }],
    });
    fixtures = shop.fixtures;
    const { pageUrl, campaignId } = shop;
    const visitorId = await variantVisitor(server.url, team, campaignId, 'country-visitor');

    const first = await chooseCountry(page, team, campaignId);
    await first.getByLabel('Comparison').selectOption('oneOf');
    await first.getByLabel('Country codes').fill('de, at');
    expect(await first.getByRole('alert').count()).toBe(0);
    await cardOf(page).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('Who sees the campaign is saved.').isVisible())
      .toBe(true);
    expect(
      await api.call('GET', `/team/${team}/campaign/audience?campaignId=${campaignId}`),
    ).toEqual({
      campaignId,
      countryAvailable: true,
      audience: {
        match: 'all',
        conditions: [{ attribute: 'country', operator: 'oneOf', values: ['DE', 'AT'] }],
      },
    });
    await cardOf(page).scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'audience-country');

    /** The visitor in the variant's bucket, from `country` (no header: unknown). */
    const visitFrom = async (country?: string) => {
      const seen = await visitShop(browser, pageUrl, {
        visitorId,
        ...(country ? { configHeaders: { [GEO_HEADER]: country } } : {}),
      });
      await seen.page.waitForLoadState('load');
      await seen.page.waitForTimeout(1_500);
      const frames = await framesOf(seen.page);
      const headlines = [...new Set(frames.filter((f) => f.h1?.visible).map((f) => f.h1!.text))];
      const exposures = sent(seen.posted, 'exposure').length;
      await seen.context.close();
      return { headlines, exposures };
    };
    // The tracker's files follow the change at the next request; a fresh visitor each time.
    await expect
      .poll(() => visitFrom('DE'), { timeout: 20_000 })
      .toEqual({ headlines: [VARIANT], exposures: 1 });
    for (const country of ['FR', undefined]) {
      expect(await visitFrom(country), country ?? 'no header').toEqual({
        headlines: [SHOP_HEADLINE],
        exposures: 0,
      });
    }
  });
});
