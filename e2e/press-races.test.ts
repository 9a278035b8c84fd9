import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { createTeamThroughUi, newPage, newPerson, signUpThroughUi } from './support/flows';

// A press must not be lost to what arrives while it happens. Both cases failed a CI run once,
// on a loaded machine: a menu whose module came between the press and the release, and the
// sign-in link moved by the sign-in options arriving below it (its box is centred). Here the
// arrivals are held and let go at the worst moment, so the order is the same on any machine.

const baseUrl = inject('baseUrl');

/** Holds every request matching `pattern` until `release()`; `held()` resolves at the first. */
async function holdRequests(page: Page, pattern: string | RegExp) {
  const routes: Route[] = [];
  let released = false;
  let first!: () => void;
  const held = new Promise<void>((resolve) => (first = resolve));
  await page.route(pattern, async (route) => {
    if (released) return route.continue();
    routes.push(route);
    first();
  });
  return {
    held,
    async release() {
      released = true;
      await Promise.all(routes.map((route) => route.continue()));
    },
  };
}

describe('presses while parts of the page arrive', () => {
  let browser: Browser;
  let page: Page;
  let team: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Press Tester', 'press-races'));
    team = await createTeamThroughUi(page, 'Pressing Matters');
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Presses the button with this test id and releases it once the module it asked for on the
   * hover has arrived and replaced it with a new button (any script the page asks for from the
   * hover on is that module: it loads on first use).
   */
  async function pressAsItsModuleArrives(testId: string): Promise<void> {
    const trigger = page.getByTestId(testId);
    await trigger.waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await holdRequests(page, /\.js(\?.*)?$/);
    const box = (await trigger.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await scripts.held;
    const pressed = await trigger.elementHandle();
    await page.mouse.down();
    await scripts.release();
    await page.waitForFunction(
      ([id, old]) => document.querySelector(`[data-testid="${id}"]`) !== old,
      [testId, pressed] as const,
    );
    await page.mouse.up();
  }

  it('opens a menu whose module arrives between the press and the release', async () => {
    await page.goto(`/admin/${team}/campaigns`);
    await pressAsItsModuleArrives('user-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');
  });

  it('opens the phone menu whose panel arrives between the press and the release', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/${team}/campaigns`);
    await pressAsItsModuleArrives('menu-button');
    await page.getByTestId('menu-drawer').waitFor({ timeout: 5_000 });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows the sign-in form only once its options are in, so the link stays where it was', async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const visitor = await context.newPage();
    const options = await holdRequests(visitor, /\/api\/auth\/(sso|guest)$/);
    await visitor.goto('/admin/auth/sign-in');
    await options.held;
    const link = visitor.getByRole('link', { name: 'Forgot your password?' });
    // The page is drawn (its heading is in the document), its form box not shown yet.
    await visitor.locator('h1', { hasText: 'Welcome back' }).waitFor({ state: 'attached' });
    // Out of sight and out of reach: a press there reaches the panel behind it.
    await expect(link.click({ trial: true, timeout: 500 })).rejects.toThrow(/intercepts/);
    await options.release();
    await link.click({ trial: true });
    const first = await link.boundingBox();
    await visitor.getByTestId('guest-button').waitFor();
    await visitor.getByTestId('sso-button').waitFor();
    expect(await link.boundingBox()).toEqual(first);
    // The e-mail field took the focus as the page came, though out of sight then.
    expect(await visitor.evaluate(() => document.activeElement?.getAttribute('type'))).toBe(
      'email',
    );
    await link.click();
    await visitor.waitForURL('**/admin/auth/forgot-password');
    await context.close();
  });
});
