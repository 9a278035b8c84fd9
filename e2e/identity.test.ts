import { createHash } from 'node:crypto';
import { identityHashInput } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FixtureServer } from './support/fixture-server';
import { Api, createTeamThroughUi, newPage, newPerson, signUpThroughUi } from './support/flows';
import { SHOP_HEADLINE, startHeadlineShop, variantVisitor } from './support/headline-shop';
import { framesOf, launchShopBrowser, sent, visitShop, type Visit } from './support/tracker-visit';

// Issue 31, identity across devices: the same person signed in on a laptop and on a phone. The
// laptop (in the variant) identifies and keeps its arms; the phone (first in the original, a
// history of its own) identifies as the same person and, from its next page load, gets the
// laptop's arms and counts as the laptop's visitor. The id is hashed in the page.

const baseUrl = inject('baseUrl');
const VARIANT = 'Lamps that follow the sun';
const USER_ID = 'customer-4711';

describe('identity across devices: kindling("identify")', () => {
  let browser: Browser;
  let page: Page;
  let team: string;
  let fixtures: FixtureServer;
  let pageUrl: string;
  let campaignId: number;

  beforeAll(async () => {
    browser = await launchShopBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Ida Entity', 'identity'));
    team = await createTeamThroughUi(page, 'Identity Lamps');
    const api = await Api.of(page, baseUrl);
    ({ fixtures, pageUrl, campaignId } = await startHeadlineShop(api, team, {
      description: 'Identity',
      variants: [{ key: 'sun', value: VARIANT }],
    }));
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  /**
   * The site's own code: the device's first visitor id (kept once the tracker stored one) and
   * `kindling('identify', USER_ID)` before the tag, as a signed-in page would call it.
   */
  const signedIn = (firstVisitorId: string) =>
    `if (!localStorage.getItem('kindling.vid')) localStorage.setItem('kindling.vid', ${JSON.stringify(firstVisitorId)});` +
    `window.kindling=function(){(window.kindling.q=window.kindling.q||[]).push(arguments)};` +
    `kindling('identify', ${JSON.stringify(USER_ID)});`;

  const headlines = async (visit: Visit) => {
    await visit.page.waitForLoadState('load');
    await visit.page.waitForTimeout(800);
    const frames = await framesOf(visit.page);
    return [...new Set(frames.filter((f) => f.h1?.visible).map((f) => f.h1!.text))];
  };
  const stored = (visit: Visit, key: string) =>
    visit.page.evaluate((name) => localStorage.getItem(name), key);
  /** The visitor id of each exposure posted so far. */
  const exposedAs = async (visit: Visit, count: number) => {
    await expect.poll(() => sent(visit.posted, 'exposure').length, { timeout: 15_000 }).toBe(count);
    return sent(visit.posted, 'exposure').map((event) => event.visitorId);
  };

  it('keeps the laptop’s arms when it signs in, and gives them to the phone from its next page', async () => {
    const identity = createHash('sha256').update(identityHashInput(team, USER_ID)).digest('hex');
    const laptopId = await variantVisitor(baseUrl, team, campaignId, 'laptop');
    const phoneId = await variantVisitor(baseUrl, team, campaignId, 'phone', 'control');

    // The laptop: the variant, before and after signing in.
    const laptop = await visitShop(browser, pageUrl, { before: signedIn(laptopId) });
    expect(await headlines(laptop)).toEqual([VARIANT]);
    // Linked in the page: the stored hash is the team-salted SHA-256 of the id.
    await expect.poll(() => stored(laptop, 'kindling.idh'), { timeout: 15_000 }).toBe(identity);
    expect(await stored(laptop, 'kindling.vid')).toBe(laptopId);
    const identifyRequests: string[] = [];
    laptop.context.on('request', (request) => {
      if (request.url().endsWith('/identify')) identifyRequests.push(request.postData() ?? '');
    });
    await laptop.page.reload();
    expect(await headlines(laptop)).toEqual([VARIANT]);
    expect(await exposedAs(laptop, 2)).toEqual([laptopId, laptopId]);
    // Linked once: the next pages ask nothing more.
    expect(identifyRequests).toEqual([]);

    // The phone: its own history first (the original, as its own visitor)…
    const phone = await visitShop(browser, pageUrl, { before: signedIn(phoneId) });
    const phoneRequests: string[] = [];
    phone.context.on('request', (request) => {
      if (request.url().endsWith('/identify')) phoneRequests.push(request.postData() ?? '');
    });
    expect(await headlines(phone)).toEqual([SHOP_HEADLINE]);
    // …then the same person signs in: Kindling answers the laptop's visitor id.
    await expect.poll(() => stored(phone, 'kindling.vid'), { timeout: 15_000 }).toBe(laptopId);
    expect(await stored(phone, 'kindling.idh')).toBe(identity);
    // What left the page: the hash and the phone's own id, never the user id.
    expect(phoneRequests.map((body) => JSON.parse(body) as unknown)).toEqual([
      { identity, visitorId: phoneId },
    ]);
    expect(phoneRequests.join()).not.toContain(USER_ID);

    // From the next page: the laptop's arms, counted as the laptop's visitor.
    await phone.page.reload();
    expect(await headlines(phone)).toEqual([VARIANT]);
    expect(await exposedAs(phone, 2)).toEqual([phoneId, laptopId]);
    const [before, after] = sent(phone.posted, 'exposure');
    const [laptopExposure] = sent(laptop.posted, 'exposure');
    expect(after!.assignments).toEqual(laptopExposure!.assignments);
    expect(before!.assignments).not.toEqual(laptopExposure!.assignments);
    await laptop.context.close();
    await phone.context.close();
  });
});
