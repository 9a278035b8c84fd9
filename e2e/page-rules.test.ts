import { SAFE_REGEX_MESSAGES } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import type { FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { SHOP_HEADLINE, startHeadlineShop, variantVisitor } from './support/headline-shop';
import { framesOf, sent, SHOP_HOST, visitShop, type Visit } from './support/tracker-visit';

// Issue 31, "where a campaign runs": page rules set on the campaign page (with the live tester
// the server answers), then the real tracker on fixture pages under two host names: a wildcard
// rule with an exclusion decides where the variant shows and where exposures are counted.

const baseUrl = inject('baseUrl');
const EU_HOST = 'eu.kindling.test';
const VARIANT = 'Lamps that follow the sun';
/** tracker-heal.html's own headline: the campaign's h1 selector finds it there too. */
const HEAL_HEADLINE = 'Lamps for every desk';

describe('where a campaign runs: page rules', () => {
  let browser: Browser;
  let page: Page;
  let api: Api;
  let team: string;
  let fixtures: FixtureServer;
  let campaignId: number;
  let port: string;
  let visitorId = '';
  const at = (host: string, file: string) => `http://${host}:${port}/${file}`;

  beforeAll(async () => {
    browser = await launchBrowser([
      `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1, MAP ${EU_HOST} 127.0.0.1`,
    ]);
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Rula Pages', 'page-rules'));
    team = await createTeamThroughUi(page, 'Rules Lamps');
    api = await Api.of(page, baseUrl);
    ({ fixtures, campaignId } = await startHeadlineShop(api, team, {
      description: 'Page rules',
      variants: [{ key: 'sun', value: VARIANT }],
    }));
    port = new URL(fixtures.origin).port;
    visitorId = await variantVisitor(baseUrl, team, campaignId, 'rules-visitor');
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  const card = () => page.getByTestId('page-rules');
  const rule = (name: string) => card().getByRole('listitem', { name });
  const tester = () => card().getByLabel('Does this address match?');

  it('sets a wildcard rule with an exclusion on the campaign page, tested live as typed', async () => {
    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    await card().getByText('Pages that match rules').click();
    // The first rule starts as the page it was edited on.
    const first = rule('Page rule 1');
    expect(await first.getByLabel('Web address').inputValue()).toBe(
      at(SHOP_HOST, 'tracker-landing.html'),
    );
    await first.getByLabel('Address', { exact: true }).selectOption('wildcard');
    await first.getByLabel('Web address').fill(`http://*.kindling.test:${port}/tracker-*.html`);
    await card().getByRole('button', { name: 'Add an exclusion' }).click();
    const exclusion = rule('Exclusion 1');
    await exclusion.getByLabel('Address', { exact: true }).selectOption('startsWith');
    await exclusion.getByLabel('Web address').fill(at(EU_HOST, 'tracker-heal'));

    await tester().fill(at(EU_HOST, 'tracker-landing.html?utm_source=mail'));
    await expect
      .poll(() => card().getByTestId('field-status').textContent())
      .toBe('Runs here: page rule 1 matches.');
    expect(await first.getByTestId('rule-match').textContent()).toContain('matches');
    await tester().fill(at(EU_HOST, 'tracker-heal.html'));
    await expect
      .poll(() => card().getByTestId('field-status').textContent())
      .toBe('Does not run here: exclusion 1 matches.');

    // A pattern that could freeze a visitor's page is refused with its reason; nothing is saved.
    await card().getByRole('button', { name: 'Add a page rule' }).click();
    const second = rule('Page rule 2');
    await second.getByLabel('Address', { exact: true }).selectOption('regex');
    await second.getByLabel('Pattern').fill('^https://(a+)+$');
    await card().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => second.getByRole('alert').textContent())
      .toBe(SAFE_REGEX_MESSAGES.nestedRepeat('(a+)+'));
    expect(
      await api.call('GET', `/team/${team}/campaign/pages?campaignId=${campaignId}`),
    ).toMatchObject({
      rules: null,
    });
    await shotAtBothSizes(page, 'page-rules-refused');

    await second.getByRole('button', { name: 'Remove page rule 2' }).click();
    await card().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('Where the campaign runs is saved.').isVisible())
      .toBe(true);
    await page.reload();
    await expect
      .poll(() => rule('Exclusion 1').getByLabel('Web address').inputValue())
      .toBe(at(EU_HOST, 'tracker-heal'));
    await tester().fill(at(SHOP_HOST, 'tracker-heal.html'));
    await expect
      .poll(() => card().getByTestId('field-status').textContent())
      .toBe('Runs here: page rule 1 matches.');
    await shotAtBothSizes(page, 'page-rules-saved');
  });

  /** A visitor in the variant opens `url`; what its frames painted and what it sent. */
  async function visit(
    url: string,
  ): Promise<{ headlines: string[]; exposures: number; visit: Visit }> {
    const visit = await visitShop(browser, url, { visitorId, host: new URL(url).hostname });
    await visit.page.waitForLoadState('load');
    // The exposure goes once the page settled.
    await visit.page.waitForTimeout(1_500);
    const frames = await framesOf(visit.page);
    const headlines = [...new Set(frames.filter((f) => f.h1?.visible).map((f) => f.h1!.text))];
    const exposures = sent(visit.posted, 'exposure').length;
    return { headlines, exposures, visit };
  }

  it('runs on both host names where the wildcard matches, and never on the excluded page', async () => {
    for (const url of [
      at(EU_HOST, 'tracker-landing.html'),
      at(SHOP_HOST, 'tracker-landing.html'),
    ]) {
      const seen = await visit(url);
      // The variant from the first painted frame: the original never showed.
      expect(seen.headlines, url).toEqual([VARIANT]);
      expect(seen.exposures, url).toBe(1);
      expect(
        seen.visit.posted.every((post) => post.answer?.accepted === 1),
        url,
      ).toBe(true);
      await seen.visit.context.close();
    }
    // The same h1 on another product page of the shop: matched by the wildcard.
    const other = await visit(at(SHOP_HOST, 'tracker-heal.html'));
    expect(other.headlines).toEqual([VARIANT]);
    expect(other.exposures).toBe(1);
    await other.visit.context.close();
    // Excluded: the page stays as it was made and nothing is counted.
    const excluded = await visit(at(EU_HOST, 'tracker-heal.html'));
    expect(excluded.headlines).toEqual([HEAL_HEADLINE]);
    expect(excluded.exposures).toBe(0);
    await excluded.visit.context.close();
    // Another host name, outside *.kindling.test: no rule takes it in.
    const outside = await visit(at('127.0.0.1', 'tracker-landing.html'));
    expect(outside.headlines).toEqual([SHOP_HEADLINE]);
    expect(outside.exposures).toBe(0);
    await outside.visit.context.close();
  });

  it('counts a page the rules take in without the headline as "not on this page", not a visit', async () => {
    const before = await api.call<{ notOnPage: number; arms: { exposures: number }[] }>(
      'GET',
      `/team/${team}/tracker/counts?campaignId=${campaignId}`,
    );
    const bare = await visit(at(SHOP_HOST, 'tracker-no-headline.html'));
    expect(bare.headlines).toEqual([]);
    // The tracker reports it (both arms report whether the element was there); collect keeps it
    // out of the test's figures.
    expect(bare.exposures).toBe(1);
    expect(bare.visit.posted.map((post) => post.answer)).toEqual([
      { accepted: 0, duplicates: 0, notOnPage: 1 },
    ]);
    await bare.visit.context.close();
    const after = await api.call<typeof before>(
      'GET',
      `/team/${team}/tracker/counts?campaignId=${campaignId}`,
    );
    expect(after.notOnPage).toBe(before.notOnPage + 1);
    const exposures = (counts: typeof before) =>
      counts.arms.reduce((sum, arm) => sum + arm.exposures, 0);
    expect(exposures(after)).toBe(exposures(before));

    await page.goto(`/admin/${team}/campaign/${campaignId}`);
    const note = page.getByTestId('not-on-page');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      `Not on this page: ${after.notOnPage === 1 ? '1 page view' : `${after.notOnPage} page views`} where the campaign runs had none of its elements. They are not counted as visits to the test.`,
    );
    await note.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'results-not-on-page');
  });
});
