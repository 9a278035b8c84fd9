import type { ClientLogRecord } from '@kindling/domain';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  accessTokenOf,
  createTeamThroughUi,
  newPage,
  newPerson,
  SESSION_STORAGE_KEY,
  signUpThroughUi,
  VIEWPORT,
} from './support/flows';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 20_000 };

/** The records of a POST /api/logs request. */
const recordsOf = (request: Request) =>
  (JSON.parse(request.postData() ?? '{}') as { records: ClientLogRecord[] }).records;
const isLogPost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/logs';

describe('client logs (spec sections 7-9)', () => {
  const person = newPerson('Grace Hopper', 'logs');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let slug: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, person);
    slug = await createTeamThroughUi(page, 'Compiler Team');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('posts an uncaught interface error with the current path and the page context', async () => {
    // The campaign page is a lazy route; its chunk failing to load is an uncaught error.
    await page.route('**/assets/campaign-page-*.js', (route) => route.abort());
    const path = `/admin/${slug}/campaign/1`;
    const posted = page.waitForRequest(
      (request) =>
        isLogPost(request) &&
        recordsOf(request).some((record) => record.message === 'Uncaught interface error'),
      WAIT,
    );
    await page.goto(path);
    await page
      .getByTestId('error-screen')
      .getByRole('heading', { name: 'Something went wrong' })
      .waitFor();
    const request = await posted;

    const record = recordsOf(request).find((r) => r.message === 'Uncaught interface error')!;
    expect(record).toMatchObject({
      level: 'error',
      category: 'ui',
      url: `${baseUrl}${path}`,
      device_pixel_ratio: 1,
      window: VIEWPORT,
      data: { path },
    });
    expect(record.user_agent).toContain('Chrome');
    expect(record.user_locale).toMatch(/^[a-z]{2}/);
    expect(record.screen.width).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(record.time)).toBeLessThan(60_000);
    // Sent to this server, so the session goes along: the record names its user.
    expect(request.headers()['authorization']).toBe(`Bearer ${await accessTokenOf(page)}`);
    expect((await request.response())?.status()).toBe(202);
    await page.unroute('**/assets/campaign-page-*.js');
  });

  it('posts an error thrown outside React (a timer) with its path too', async () => {
    await page.goto(`/admin/${slug}/campaigns`);
    await page.getByRole('complementary', { name: 'Main menu' }).waitFor();
    const posted = page.waitForRequest(
      (request) =>
        isLogPost(request) &&
        recordsOf(request).some((record) =>
          JSON.stringify(record.data).includes('boom in a timer'),
        ),
      WAIT,
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom in a timer');
      });
    });
    const record = recordsOf(await posted).find((r) =>
      JSON.stringify(r.data).includes('boom in a timer'),
    )!;
    expect(record).toMatchObject({
      level: 'error',
      category: 'ui',
      data: { path: `/admin/${slug}/campaigns` },
    });
  });

  it('does not log a 401 answer as an error', async () => {
    const signedOut = await context.browser()!.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
    const other = await signedOut.newPage();
    try {
      // A session the server no longer knows: every call answers 401, the refresh too.
      await other.addInitScript((key) => {
        localStorage.setItem(
          key,
          JSON.stringify({
            accessToken: 'stale',
            idToken: 'stale',
            refreshToken: 'stale',
            expiresIn: 3600,
          }),
        );
      }, SESSION_STORAGE_KEY);
      const posted = other.waitForRequest(isLogPost, WAIT);
      await other.goto(`/admin/${slug}/campaigns`);
      await other.waitForURL('**/admin/auth/sign-in**', WAIT);
      const records = recordsOf(await posted);
      expect(records.some((record) => record.message.includes('401'))).toBe(true);
      expect(records.filter((record) => record.level === 'error')).toEqual([]);
    } finally {
      await signedOut.close();
    }
  });
});
