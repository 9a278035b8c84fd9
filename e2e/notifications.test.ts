import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database';
import type { Outbox } from '../apps/server/src/mail/outbox';
import { notifyTeam } from '../apps/server/src/modules/notifications/notify-team';
import { launchBrowser } from './support/browser';
import {
  animationsDone,
  Api,
  createTeamThroughUi,
  eventually,
  newPage,
  newPerson,
  SCREEN_SIZES,
  shot,
  signInThroughUi,
  signUpThroughUi,
  joinAsMember,
  signUpWithTeam,
} from './support/flows';
import {
  describeWithPostgres,
  startPostgresServer,
  type PostgresServer,
} from './support/postgres-server';

// No route creates a notification: only the server's own code tells a team something. The
// product path that does (an idea experiment stopping) is built elsewhere, so this test calls
// the same use-case, notifyTeam, in-process against the running server's own PostgreSQL
// database; everything the browser sees goes through the real routes and the built app.
const NO_MAIL: Outbox = { configured: false, post: () => {}, drain: () => Promise.resolve() };

const SUITE = 'team notifications: the bell, its list, following a link, marking read';

describeWithPostgres(SUITE, () => {
  const owner = newPerson('Olive Owner', 'notify-owner');
  const member = newPerson('Mina Member', 'notify-member');
  const stranger = newPerson('Sam Stranger', 'notify-stranger');
  let server: PostgresServer;
  let database: DatabaseHandle;
  let browser: Browser;
  let page: Page;
  let slug: string;
  let campaignId: number;

  const bell = (on: Page = page) => on.getByTestId('notification-bell');
  const count = (on: Page = page) => on.getByTestId('notification-count');
  const panel = (on: Page = page) => on.getByTestId('notification-panel');
  const items = (on: Page = page) => panel(on).getByTestId('notification-item');

  async function addMemberByLink(api: Api): Promise<void> {
    await joinAsMember(server.baseUrl, { owner: api, team: slug, person: member });
  }

  beforeAll(async () => {
    server = await startPostgresServer();
    database = await openDatabase({ kind: 'postgres', url: server.databaseUrl });
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.baseUrl));
    await page.setViewportSize(SCREEN_SIZES.desktop);
    await signUpThroughUi(page, owner);
    slug = await createTeamThroughUi(page, 'Idea Lab');
    const api = await Api.of(page, server.baseUrl);
    campaignId = await api.createCampaign(slug, 'Waitlist headline test');
    await addMemberByLink(api);
    await signUpWithTeam(server.baseUrl, { person: stranger, teamName: 'Other Lab' });

    const { id: teamId } = await database.db
      .selectFrom('teams')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    const deps = { db: database.db, config: { ADMIN_URL: undefined, PUBLIC_URL: undefined } };
    await notifyTeam(
      { ...deps, outbox: NO_MAIL },
      { teamId, title: 'Welcome to notifications', body: 'News about your tests shows up here.' },
    );
    await notifyTeam(
      { ...deps, outbox: NO_MAIL },
      {
        teamId,
        title: 'Idea test stopped: Waitlist headline test',
        body: 'Variant 3 got 2.1x the sign-ups of the original; 97% chance it is best.',
        link: `/admin/${slug}/campaign/${campaignId}`,
      },
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await database?.close();
    await server?.close();
  });

  it('shows the unread count on the bell and lists the notifications, newest first', async () => {
    await page.goto(`/admin/${slug}/campaigns`);
    await eventually(() => count().textContent(), '2');
    expect(await bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    await bell().click();
    await items().first().waitFor();
    expect(await items().allInnerTexts()).toEqual([
      expect.stringContaining('Idea test stopped: Waitlist headline test'),
      expect.stringContaining('Welcome to notifications'),
    ]);
    await expect.poll(() => items().first().innerText()).toContain('97% chance it is best');
    expect(await items().first().innerText()).toContain('just now');
    await shot(page, 'notifications-open-desktop');
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
  });

  it('fits the phone bar at 390 px and opens there too', async () => {
    try {
      await page.setViewportSize(SCREEN_SIZES.phone);
      const bar = page.getByTestId('phone-bar');
      await bar.waitFor();
      await eventually(() => count().textContent(), '2');
      const [barBox, bellBox] = [await bar.boundingBox(), await bell().boundingBox()];
      expect(Math.round(bellBox!.x + bellBox!.width)).toBeLessThanOrEqual(SCREEN_SIZES.phone.width);
      expect(Math.round(bellBox!.y)).toBeGreaterThanOrEqual(Math.round(barBox!.y));
      expect(Math.round(bellBox!.y + bellBox!.height)).toBeLessThanOrEqual(
        Math.round(barBox!.y + barBox!.height),
      );
      await shot(page, 'notifications-phone-bar');
      await bell().click();
      await items().first().waitFor();
      await animationsDone(page);
      const panelBox = await panel().boundingBox();
      expect(Math.round(panelBox!.x)).toBe(0);
      expect(Math.round(panelBox!.width)).toBe(SCREEN_SIZES.phone.width);
      await shot(page, 'notifications-open-phone');
    } finally {
      // Back as the next tests expect it, even when a check above failed.
      await page.keyboard.press('Escape');
      await panel().waitFor({ state: 'detached' });
      await page.setViewportSize(SCREEN_SIZES.desktop);
    }
  });

  it('keeps its count in the collapsed sidebar', async () => {
    const toggle = page.getByTestId('menu-collapse-toggle');
    await toggle.click();
    await page.getByTestId('main-menu').and(page.locator('[data-collapsed]')).waitFor();
    expect(await count().textContent()).toBe('2');
    await shot(page, 'notifications-collapsed-menu');
    await toggle.click();
  });

  it('following a link navigates there and marks that one read', async () => {
    await bell().click();
    await items().first().click();
    await page.waitForURL(`**/admin/${slug}/campaign/${campaignId}`);
    await panel().waitFor({ state: 'detached' });
    await eventually(() => count().textContent(), '1');
  });

  it('"Mark all as read" clears the badge', async () => {
    await bell().click();
    await items().nth(1).waitFor();
    await panel().getByTestId('notifications-mark-all').click();
    await count().waitFor({ state: 'detached' });
    expect(await bell().getAttribute('aria-label')).toBe('Notifications');
    await expect.poll(() => panel().getByTestId('notifications-mark-all').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await bell().waitFor();
    expect(await count().count()).toBe(0);
  });

  it('another member of the team still sees them unread', async () => {
    const other = await newPage(browser, server.baseUrl);
    await other.page.goto('/admin/auth/sign-in');
    await signInThroughUi(other.page, member.email, member.password);
    await other.page.waitForURL(/\/campaigns$/);
    await other.page.goto(`/admin/${slug}/campaigns`);
    await eventually(() => count(other.page).textContent(), '2');
    await bell(other.page).click();
    await items(other.page).nth(1).waitFor();
    expect(await items(other.page).count()).toBe(2);
    expect(await panel(other.page).getByTestId('notifications-mark-all').count()).toBe(1);
    await other.context.close();
  });

  it('a member of another team sees none of them', async () => {
    const other = await newPage(browser, server.baseUrl);
    await other.page.goto('/admin/auth/sign-in');
    await signInThroughUi(other.page, stranger.email, stranger.password);
    await other.page.waitForURL(/\/campaigns$/);
    const strangerApi = await Api.of(other.page, server.baseUrl);
    const ownTeam = (await strangerApi.userContext()).teams[0]!.slug;
    await other.page.goto(`/admin/${ownTeam}/campaigns`);
    await bell(other.page).waitFor();
    await bell(other.page).click();
    await panel(other.page).getByTestId('notifications-empty').waitFor();
    expect(await count(other.page).count()).toBe(0);
    const foreign = await strangerApi.raw(`/team/${slug}/notifications`);
    expect(foreign.status).toBe(404);
    await other.context.close();
  });
});
