import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  SESSION_STORAGE_KEY,
  shot,
  signUpThroughUi,
} from './support/flows';

const baseUrl = inject('baseUrl');

describe('invitations: an owner invites a second person, who accepts from the banner', () => {
  const owner = newPerson('Katherine Johnson', 'inviter');
  const guest = newPerson('Dorothy Vaughan', 'invitee');
  const ownerTeam = 'Flight Research';
  let browser: Browser;
  let ownerPage: Page;
  let guestPage: Page;
  let ownerSlug: string;
  let guestSlug: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page: ownerPage } = await newPage(browser, baseUrl));
    ({ page: guestPage } = await newPage(browser, baseUrl));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('both people sign up; the owner invites the second one from Team members', async () => {
    await signUpThroughUi(ownerPage, owner);
    ownerSlug = await createTeamThroughUi(ownerPage, ownerTeam);

    await signUpThroughUi(guestPage, guest);
    guestSlug = await createTeamThroughUi(guestPage, 'Dorothy Solo');
    // No invitation yet.
    await guestPage.getByText('No campaigns yet').waitFor();
    expect(await guestPage.getByTestId('invite-banner').count()).toBe(0);

    await ownerPage.goto(`/admin/${ownerSlug}/settings/team/members`);
    await ownerPage.getByLabel('E-mail', { exact: true }).fill(guest.email);
    await ownerPage.getByRole('button', { name: 'Send invite' }).click();
    await ownerPage.getByTestId('invite-row').filter({ hasText: guest.email }).waitFor();
  });

  it('the invited person sees the banner, accepts and finds the team in the switcher', async () => {
    await guestPage.reload();
    const banner = guestPage.getByTestId('invite-banner');
    await banner.waitFor();
    const text = await banner.textContent();
    expect(text).toContain(ownerTeam);
    expect(text).toContain('as a member');
    await shot(guestPage, '30-invite-banner');

    await guestPage.getByRole('button', { name: `Accept invitation to ${ownerTeam}` }).click();
    await guestPage.waitForURL(`**/admin/${ownerSlug}/campaigns`);
    await banner.waitFor({ state: 'detached' });
    const switcher = guestPage.getByTestId('team-switcher');
    await expect.poll(() => switcher.textContent()).toContain(ownerTeam);
    expect(await switcher.textContent()).toContain('Member');

    await switcher.click();
    const options = guestPage.getByRole('menuitem');
    await guestPage.getByTestId(`team-option-${ownerSlug}`).waitFor();
    expect(await guestPage.getByTestId(`team-option-${guestSlug}`).textContent()).toContain(
      'Dorothy Solo',
    );
    expect(await options.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(ownerTeam)]),
    );
    await shot(guestPage, '31-team-switcher-after-accept');
    await guestPage.keyboard.press('Escape');

    // The owner sees the new member and no pending invitation.
    await ownerPage.reload();
    await ownerPage.getByTestId('member-row').filter({ hasText: guest.email }).waitFor();
    expect(await ownerPage.getByTestId('invite-row').count()).toBe(0);
    await shot(ownerPage, '32-owner-members-after-accept');
  });
});

describe('invitations: someone invited before they have an account', () => {
  const owner = newPerson('Mary Jackson', 'owner');
  const newcomer = newPerson('Christine Darden', 'newcomer');
  const teamName = 'Supersonic';
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('sees the invitation on the create-team screen and joins without making a team', async () => {
    const { page: ownerPage } = await newPage(browser, baseUrl);
    await signUpThroughUi(ownerPage, owner);
    const slug = await createTeamThroughUi(ownerPage, teamName);
    await ownerPage.goto(`/admin/${slug}/settings/team/members`);
    await ownerPage.getByLabel('E-mail', { exact: true }).fill(newcomer.email);
    await ownerPage.getByRole('button', { name: 'Send invite' }).click();
    await ownerPage.getByTestId('invite-row').filter({ hasText: newcomer.email }).waitFor();

    const { page } = await newPage(browser, baseUrl);
    await signUpThroughUi(page, newcomer);
    await page.waitForURL('**/admin/auth/create-team');
    const banner = page.getByTestId('invite-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(teamName);
    await shot(page, '33-create-team-with-invitation');

    await page.getByRole('button', { name: `Accept invitation to ${teamName}` }).click();
    await page.waitForURL(`**/admin/${slug}/campaigns`);
    await page.getByText('No campaigns yet').waitFor();
    const context = await page.evaluate(async (key) => {
      const { accessToken } = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        accessToken?: string;
      };
      const response = await fetch('/api/user/by-session', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      return (await response.json()) as { teams: { slug: string }[] };
    }, SESSION_STORAGE_KEY);
    expect(context.teams.map((team) => team.slug)).toEqual([slug]);
  });
});
