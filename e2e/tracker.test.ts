import { assignCampaigns, type BucketingCampaign } from '@kindling/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import type { Api } from './support/flows';
import { newPerson, shotAtBothSizes, signUpWithTeam } from './support/flows';
import {
  framesOf as frames,
  launchShopBrowser,
  sent,
  sentEverything,
  shopUrlOf,
  SNIPPET_PLACEHOLDER,
  visitShop,
  type VisitOptions,
} from './support/tracker-visit';

const baseUrl = inject('baseUrl');
const ORIGINAL = 'The desk lamp that follows your day';
const VARIANT = 'Light that moves with the sun';
const RED = 0xdc2626ff;

const headline = () => ({
  id: -1,
  key: 'headline',
  selector: 'h1',
  type: 'text',
  control: { info: { value: ORIGINAL } },
  variants: [
    {
      id: -2,
      key: 'sun',
      type: 'text',
      isEnabled: true,
      info: { value: VARIANT, styles: [{ type: 'textColor', value: RED }] },
    },
  ],
});
const buyGoal = () => ({
  id: -3,
  isConversionGoal: true,
  event: { type: 2, name: 'Buy', elements: [{ id: 'buy', label: 'Buy', selector: '#buy' }] },
});

describe('the tracker on a live page', () => {
  let browser: Browser;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let campaignId: number;
  let headlineId: number;
  let variantId: number;
  let goalId: number;
  let pageUrl: string;
  let spaUrl: string;
  let spaCampaignId: number;
  let spaHeadlineId: number;
  let visitorId: string;
  let newVisitorId: string;

  const visit = (options: VisitOptions & { url?: string } = {}) =>
    visitShop(browser, options.url ?? pageUrl, { visitorId, ...options });

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ api, team } = await signUpWithTeam(baseUrl, {
      person: newPerson('Tracker Tester', 'tracker'),
      teamName: 'Lumen Lamps',
    }));

    const { html } = await api.call<{ html: string }>('GET', `/team/${team}/tracker/snippet`);
    expect(html).toContain(`<script src="${baseUrl}/api/tracker/${team}.js"></script>`);
    fixtures = await startFixtureServer({ substitutions: { [SNIPPET_PLACEHOLDER]: html } });
    pageUrl = shopUrlOf(fixtures, 'tracker-landing.html');
    spaUrl = shopUrlOf(fixtures, 'tracker-spa.html');

    ({ id: campaignId } = await api.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name: 'Headline test',
      description: 'Tracker end-to-end',
      ingestedUrl: pageUrl,
      isEnabled: true,
      trafficAllocation: 100,
      elements: [headline()],
      goals: [buyGoal()],
    }));
    const campaign = await api.call<{
      elements: { id: number; variants: { id: number }[] }[];
      goals: { id: number }[];
    }>('GET', `/team/${team}/campaign/by-id?id=${campaignId}`);
    headlineId = campaign.elements[0]!.id;
    variantId = campaign.elements[0]!.variants[0]!.id;
    goalId = campaign.goals[0]!.id;

    ({ id: spaCampaignId } = await api.call<{ id: number }>(
      'POST',
      `/team/${team}/campaign/create`,
      {
        name: 'App shell headline',
        description: 'Tracker end-to-end, single-page app',
        ingestedUrl: spaUrl,
        isEnabled: true,
        elements: [headline()],
        goals: [buyGoal()],
      },
    ));
    const spa = await api.call<{ elements: { id: number; variants: { id: number }[] }[] }>(
      'GET',
      `/team/${team}/campaign/by-id?id=${spaCampaignId}`,
    );
    spaHeadlineId = spa.elements[0]!.id;
    const spaVariantId = spa.elements[0]!.variants[0]!.id;

    // A visitor the public hash puts in both variants, found from the config visitors receive.
    const config = (await (await fetch(`${baseUrl}/api/tracker/${team}/config.json`)).json()) as {
      campaigns: BucketingCampaign[];
    };
    for (let i = 0; !visitorId; i += 1) {
      const arms = assignCampaigns(`e2e-visitor-${i}`, config.campaigns);
      if (
        arms.get(campaignId)?.[headlineId] === variantId &&
        arms.get(spaCampaignId)?.[spaHeadlineId] === spaVariantId
      ) {
        visitorId = `e2e-visitor-${i}`;
      }
    }
    // A second one, never seen by the server before its own test.
    for (let i = 0; !newVisitorId; i += 1) {
      if (
        assignCampaigns(`e2e-new-${i}`, config.campaigns).get(spaCampaignId)?.[spaHeadlineId] ===
        spaVariantId
      ) {
        newVisitorId = `e2e-new-${i}`;
      }
    }
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('never paints the original: the headline is hidden until it shows the variant', async () => {
    // The config is held for 300 ms, so the page paints many frames before the variant can be
    // applied: without anti-flicker the original headline would show in them.
    const { context, page } = await visit({ delayConfigMs: 300 });
    await page.locator('h1', { hasText: VARIANT }).waitFor();
    await expect.poll(async () => (await frames(page)).at(-1)?.h1?.visible).toBe(true);
    const seen = await frames(page);
    const painted = seen.filter((frame) => frame.h1);
    expect(painted.length).toBeGreaterThan(5);
    // Hidden while the config was on its way, then the variant: never the original.
    expect(painted.filter((frame) => frame.h1!.visible && frame.h1!.text === ORIGINAL)).toEqual([]);
    expect(painted[0]!.h1).toEqual({ text: ORIGINAL, visible: false });
    const firstShown = painted.find((frame) => frame.h1!.visible)!;
    expect(firstShown.h1!.text).toBe(VARIANT);
    // Only the headline was hidden: the paragraph beside it showed from its first frame.
    expect(seen.filter((frame) => frame.lead !== null).every((frame) => frame.lead!.visible)).toBe(
      true,
    );
    expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).color)).toBe(
      'rgb(220, 38, 38)',
    );
    // Every hiding rule is gone once the element changed.
    const hiding = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style')).some((style) =>
        style.textContent.includes('visibility:hidden!important'),
      ),
    );
    expect(hiding).toBe(false);
    await context.close();
  });

  it('shows the variant in the first frame that shows the headline, and looks right', async () => {
    const { context, page } = await visit();
    await page.locator('h1', { hasText: VARIANT }).waitFor();
    await expect.poll(async () => (await frames(page)).at(-1)?.h1?.visible).toBe(true);
    const painted = (await frames(page)).filter((frame) => frame.h1?.visible);
    expect(painted[0]!.h1!.text).toBe(VARIANT);
    await shotAtBothSizes(page, 'tracker-variant');
    await context.close();
  });

  it('shows the original after the 1 s timeout when the config stalls, hiding nothing else', async () => {
    const { context, page, posted } = await visit({ delayConfigMs: 3000 });
    await expect
      .poll(async () => (await frames(page)).some((frame) => frame.h1?.visible), { timeout: 5000 })
      .toBe(true);
    const seen = await frames(page);
    const firstShown = seen.find((frame) => frame.h1?.visible)!;
    expect(firstShown.h1!.text).toBe(ORIGINAL);
    // Shown by the timeout (started when the script ran, after navigation start), well before
    // the config arrived at 3 s.
    expect(firstShown.t).toBeGreaterThanOrEqual(1000);
    expect(firstShown.t).toBeLessThan(2500);
    expect(seen.filter((frame) => frame.lead !== null).every((frame) => frame.lead!.visible)).toBe(
      true,
    );
    // When the config finally arrives, the headline the visitor has read is not swapped, and
    // the exposure says so: assigned the variant, missed.
    await expect.poll(() => sent(posted, 'exposure').length, { timeout: 10_000 }).toBe(1);
    expect(sent(posted, 'exposure')[0]).toMatchObject({
      campaignId,
      visitorId,
      assignments: { [headlineId]: variantId },
      applied: { [headlineId]: null },
    });
    expect(await page.locator('h1').textContent()).toBe(ORIGINAL);
    await context.close();
  });

  it('says whether the visitor id was stored before the page load, and the referrer’s host only', async () => {
    // A new visitor opens the page directly: no stored id, no referrer (left out).
    const { context, page, posted } = await visit({ visitorId: undefined });
    await expect.poll(() => sent(posted, 'exposure').length, { timeout: 10_000 }).toBe(1);
    const [first] = sent(posted, 'exposure');
    expect(first!.returning).toBe(false);
    expect(first).not.toHaveProperty('referrer');
    // Back from a link on another site: the id was stored, and only the referrer's host goes.
    await page.goto(pageUrl, { referer: 'https://news.example.org/story?reader=ada' });
    await expect.poll(() => sent(posted, 'exposure').length, { timeout: 10_000 }).toBe(2);
    const second = sent(posted, 'exposure')[1]!;
    expect(second).toMatchObject({
      visitorId: first!.visitorId,
      returning: true,
      referrer: 'news.example.org',
    });
    expect(JSON.stringify(posted.map((post) => post.events))).not.toContain('reader');
    await context.close();
  });

  it('sends the exposure and a goal click to /api/collect, which takes them', async () => {
    const { context, page, posted } = await visit();
    await expect.poll(() => sent(posted, 'exposure').length, { timeout: 10_000 }).toBe(1);
    const [exposure] = sent(posted, 'exposure');
    expect(exposure).toMatchObject({
      campaignId,
      visitorId,
      url: pageUrl,
      assignments: { [headlineId]: variantId },
    });
    const applied = (exposure!.applied as Record<string, number>)[headlineId]!;
    expect(applied).toBeGreaterThan(0);
    expect(exposure!.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    await page.locator('#buy').click();
    await expect.poll(() => sent(posted, 'goal').length, { timeout: 10_000 }).toBe(1);
    const [goal] = sent(posted, 'goal');
    expect(goal).toMatchObject({
      type: 'goal',
      campaignId,
      goalId,
      visitorId,
      sessionId: exposure!.sessionId,
    });
    expect(goal!.id).not.toBe(exposure!.id);
    // Taken and stored: every event accepted (a headless or bot visitor would get 0).
    expect(posted.map((post) => [post.status, post.answer])).toEqual(
      posted.map((post) => [202, { accepted: post.events.length, duplicates: 0 }]),
    );
    // Nothing is left waiting in the visitor's queue.
    expect(await page.evaluate(() => localStorage.getItem('kindling.q'))).toBeNull();
    await context.close();
  });
  it('re-applies the change when the page re-renders the element or resets its text', async () => {
    const { context, page } = await visit({ url: spaUrl });
    const h1 = page.locator('h1');
    await expect.poll(() => h1.textContent()).toBe(VARIANT);
    await page.evaluate(() => (window as unknown as { render(): void }).render());
    await expect.poll(() => h1.textContent()).toBe(VARIANT);
    await page.evaluate(() => (window as unknown as { resetText(): void }).resetText());
    await expect.poll(() => h1.textContent()).toBe(VARIANT);
    await context.close();
  });

  it('backs off a change the page undoes at once, reports it, and keeps the page responsive', async () => {
    const { context, page, warnings } = await visit({ url: spaUrl });
    await expect.poll(() => page.locator('h1').textContent()).toBe(VARIANT);
    await page.evaluate(() => {
      const shell = window as unknown as { fight(): void; resetText(): void };
      shell.fight();
      shell.resetText();
    });
    await expect.poll(() => warnings.some((text) => text.includes('kindling: undone'))).toBe(true);
    // Without the guard the two observers would trade changes without end and this evaluate
    // would never return; with it there are a few rounds a second at most.
    const resets = () => page.evaluate(() => (window as unknown as { resets: number }).resets);
    const early = await resets();
    await page.waitForTimeout(2000);
    expect((await resets()) - early).toBeLessThan(25);
    await context.close();
  });

  it('counts a new page view after history navigation back to the campaign page', async () => {
    const { context, page, posted } = await visit({ url: spaUrl });
    const exposures = () =>
      sent(posted, 'exposure').filter((event) => event.campaignId === spaCampaignId);
    await expect.poll(() => exposures().length, { timeout: 10_000 }).toBe(1);
    const go = (path: string) =>
      page.evaluate((to) => (window as unknown as { go(path: string): void }).go(to), path);
    await go('/reviews');
    await expect.poll(() => page.locator('h2').textContent()).toBe('Reviews');
    await go('/tracker-spa.html');
    await expect.poll(() => page.locator('h1').textContent()).toBe(VARIANT);
    await expect.poll(() => exposures().length, { timeout: 10_000 }).toBe(2);
    expect(exposures()[1]).toMatchObject({ assignments: { [spaHeadlineId]: expect.any(Number) } });
    await context.close();
  });

  it('counts the goal a new visitor clicks while the page still renders, before the exposure', async () => {
    const buyers = async () => {
      const counts = await api.call<{ goals: { goalId: number; goalSessions: number }[] }>(
        'GET',
        `/team/${team}/tracker/counts?campaignId=${spaCampaignId}`,
      );
      return counts.goals.reduce((sum, row) => sum + row.goalSessions, 0);
    };
    const before = await buyers();
    // A first-time visitor on an app that renders after load: the tracker sends the exposure
    // once the page settled (1 s after load), and the click on the rendered button comes first.
    const visited = await visit({ url: `${spaUrl}?late`, visitorId: newVisitorId });
    await visited.page.locator('#buy').click();
    await expect.poll(() => sent(visited.posted, 'exposure').length, { timeout: 10_000 }).toBe(1);
    await sentEverything(visited);
    expect(sent(visited.posted, 'goal')).toHaveLength(1);
    expect(visited.posted.map((post) => post.answer)).toEqual(
      visited.posted.map((post) => ({ accepted: post.events.length, duplicates: 0 })),
    );
    expect(await buyers()).toBe(before + 1);
    await visited.context.close();
  });

  it('sends nothing while consent is withdrawn, still shows the change, resumes on consent', async () => {
    const { context, page, posted } = await visit({ url: `${spaUrl}?consent=no` });
    await expect.poll(() => page.locator('h1').textContent()).toBe(VARIANT);
    await page.locator('#buy').click();
    await page.waitForTimeout(1500);
    expect(posted).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('kindling.q'))).toBeNull();
    await page.evaluate(() => {
      const page = window as unknown as { kindling: (...args: unknown[]) => void };
      page.kindling('consent', true);
      page.kindling('revenue', 19.99);
    });
    await expect.poll(() => sent(posted, 'revenue').length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(sent(posted, 'revenue')).toContainEqual(
      expect.objectContaining({ campaignId: spaCampaignId, amount: 19.99, visitorId }),
    );
    // Taken and stored: every event accepted (a headless or bot visitor would get 0).
    expect(posted.map((post) => [post.status, post.answer])).toEqual(
      posted.map((post) => [202, { accepted: post.events.length, duplicates: 0 }]),
    );
    await context.close();
  });

  it('leaves the page as it is and stores and sends nothing under Do Not Track', async () => {
    const { context, page, posted } = await visit({ doNotTrack: true });
    await page.waitForTimeout(1500);
    expect(await page.locator('h1').textContent()).toBe(ORIGINAL);
    expect((await frames(page)).every((frame) => !frame.h1 || frame.h1.visible)).toBe(true);
    await page.locator('#buy').click();
    await page.waitForTimeout(500);
    expect(posted).toEqual([]);
    // Only the id the probe itself planted: the tracker wrote nothing.
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['kindling.vid']);
    await context.close();
  });
});
