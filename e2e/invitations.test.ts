import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { createTeamThroughUi, newPage, newPerson, shot, signUpThroughUi } from './support/flows';

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
