import { readFile } from 'node:fs/promises';
import { EVENT_CSV_COLUMNS } from '@kindling/domain';
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
import { startHeadlineShop, variantVisitor } from './support/headline-shop';
import { launchShopBrowser, sent, visitShop } from './support/tracker-visit';

// Issue 33, event export: a real visitor's exposure, downloaded from the results as NDJSON and
// as CSV, is the event the tracker sent.

const baseUrl = inject('baseUrl');

describe('raw events from the results page', () => {
  let browser: Browser;
  let page: Page;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let campaignId: number;

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Evan Export', 'event-export'));
    team = await createTeamThroughUi(page, 'Export Lamps');
    const api = await Api.of(page, baseUrl);
    ({ fixtures, pageUrl, campaignId } = await startHeadlineShop(api, team, {
      description: 'Export',
      variants: [{ key: 'sun', value: 'Lamps that follow the sun' }],
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  const download = async (item: string) => {
    const menu = page.getByTestId('events-export');
    await menu.click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: item }).click(),
    ]);
    return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
  };

  it('downloads the exposure the visitor sent, as NDJSON and as CSV', async () => {
    const visitorId = await variantVisitor(baseUrl, team, campaignId, 'exporter');
    const visit = await visitShop(browser, pageUrl, { visitorId });
    await expect.poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 }).toBe(1);
    const [exposure] = sent(visit.posted, 'exposure');
    await visit.context.close();

    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    await page.getByTestId('results').waitFor();
    await page.getByTestId('events-export').click();
    await page.getByRole('menuitem', { name: 'Download NDJSON' }).waitFor();
    await shotAtBothSizes(page, 'event-export-menu');
    await page.keyboard.press('Escape');

    const ndjson = await download('Download NDJSON');
    expect(ndjson.name).toBe(`campaign-${campaignId}-events.ndjson`);
    const lines = ndjson.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      id: exposure!.id,
      type: 'exposure',
      campaignId,
      visitorId,
      sessionId: exposure!.sessionId,
      ts: new Date(exposure!.ts as number).toISOString(),
      url: exposure!.url,
      assignments: exposure!.assignments,
      applied: exposure!.applied,
    });

    const csv = await download('Download CSV');
    expect(csv.name).toBe(`campaign-${campaignId}-events.csv`);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe(EVENT_CSV_COLUMNS.join(','));
    expect(rows).toHaveLength(2);
    expect(
      rows[1]!.startsWith(`${exposure!.id as string},exposure,${campaignId},${visitorId},`),
    ).toBe(true);
  });
});
