import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  SESSION_STORAGE_KEY,
  shot,
  shotAtBothSizes,
  signUpThroughUi,
  type Person,
} from './support/flows';

const baseUrl = inject('baseUrl');

/** Invites `email` from Team members and answers the link the owner is shown to pass on. */
async function inviteThroughUi(ownerPage: Page, slug: string, email: string): Promise<string> {
  await ownerPage.goto(`/admin/${slug}/settings/team/members`);
  await ownerPage.getByLabel('E-mail', { exact: true }).fill(email);
  await ownerPage.getByRole('button', { name: 'Send invite' }).click();
  await ownerPage.getByTestId('invite-row').filter({ hasText: email }).waitFor();
  const link = ownerPage.getByLabel('Invitation link', { exact: true });
  await link.waitFor();
  return link.inputValue();
}

async function teamsOf(page: Page): Promise<string[]> {
  const context = await page.evaluate(async (key) => {
    const { accessToken } = JSON.parse(localStorage.getItem(key) ?? '{}') as {
      accessToken?: string;
    };
    const response = await fetch('/api/user/by-session', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return (await response.json()) as { teams: { slug: string }[] };
  }, SESSION_STORAGE_KEY);
  return context.teams.map((team) => team.slug);
}

describe('invitations: a person with an account joins with the link, not the banner', () => {
  const owner = newPerson('Katherine Johnson', 'inviter');
  const guest = newPerson('Dorothy Vaughan', 'invitee');
  const ownerTeam = 'Flight Research';
  let browser: Browser;
  let ownerPage: Page;
  let guestPage: Page;
  let ownerSlug: string;
  let link: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page: ownerPage } = await newPage(browser, baseUrl));
    ({ page: guestPage } = await newPage(browser, baseUrl));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('the owner invites from Team members and is shown the link to pass on', async () => {
    await signUpThroughUi(ownerPage, owner);
    ownerSlug = await createTeamThroughUi(ownerPage, ownerTeam);
    await signUpThroughUi(guestPage, guest);
    await createTeamThroughUi(guestPage, 'Dorothy Solo');

    link = await inviteThroughUi(ownerPage, ownerSlug, guest.email);
    expect(link).toMatch(/\/admin\/auth\/invite\?token=[\w-]{43}$/);
    const panel = await ownerPage.getByText(`Invitation link for ${guest.email}`).textContent();
    expect(panel).toContain(guest.email);
    expect(await ownerPage.getByText('The link works once, for 7 days.').count()).toBe(1);
    await shotAtBothSizes(ownerPage, '30-invite-link-for-owner');
  });

  it('the banner of an unverified address explains, and has no Accept button', async () => {
    await guestPage.reload();
    const banner = guestPage.getByTestId('invite-banner');
    await banner.waitFor();
    const text = await banner.textContent();
    expect(text).toContain(ownerTeam);
    expect(text).toContain(
      'To accept, open the link in the invitation e-mail or verify your e-mail address.',
    );
    expect(await banner.getByRole('button').count()).toBe(0);
    await shot(guestPage, '31-invite-banner-unverified');
  });

  it('the link shows the team and joins it; the switcher lists it', async () => {
    await guestPage.goto(link);
    await guestPage.getByRole('heading', { name: `Join ${ownerTeam}` }).waitFor();
    await guestPage.getByText(`You are signed in as ${guest.email}.`).waitFor();
    await shotAtBothSizes(guestPage, '32-invite-page-signed-in');
    await guestPage.getByRole('button', { name: `Join ${ownerTeam}` }).click();
    await guestPage.waitForURL(`**/admin/${ownerSlug}/campaigns`);
    const switcher = guestPage.getByTestId('team-switcher');
    await expect.poll(() => switcher.textContent()).toContain(ownerTeam);
    expect(await switcher.textContent()).toContain('Member');

    await ownerPage.reload();
    await ownerPage.getByTestId('member-row').filter({ hasText: guest.email }).waitFor();
    expect(await ownerPage.getByTestId('invite-row').count()).toBe(0);
  });

  it('a used link says it does not work any more', async () => {
    await guestPage.goto(link);
    await guestPage.getByRole('heading', { name: 'This invitation does not work' }).waitFor();
    expect(await guestPage.getByRole('alert').textContent()).toBe(
      'This invitation link does not work any more: it was used, revoked or replaced by a newer one. Ask the team owner to send it again.',
    );
    await shotAtBothSizes(guestPage, '33-invite-page-used-link');
  });
});

describe('invitations: someone without an account signs up from the link', () => {
  const owner = newPerson('Mary Jackson', 'owner');
  const newcomer: Person = newPerson('Christine Darden', 'newcomer');
  const teamName = 'Supersonic';
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('"Send again" replaces the link; the new one leads through sign-up into the team', async () => {
    const { page: ownerPage } = await newPage(browser, baseUrl);
    await signUpThroughUi(ownerPage, owner);
    const slug = await createTeamThroughUi(ownerPage, teamName);
    const first = await inviteThroughUi(ownerPage, slug, newcomer.email);
    await ownerPage
      .getByRole('button', { name: `Send the invitation for ${newcomer.email} again` })
      .click();
    const field = ownerPage.getByLabel('Invitation link', { exact: true });
    await expect.poll(() => field.inputValue()).not.toBe(first);
    const link = await field.inputValue();

    const { page } = await newPage(browser, baseUrl);
    await page.goto(first);
    await page.getByRole('heading', { name: 'This invitation does not work' }).waitFor();

    await page.goto(link);
    await page.getByRole('heading', { name: `Join ${teamName}` }).waitFor();
    expect(await page.getByText(`The invitation was sent to ${newcomer.email}.`).count()).toBe(1);
    await shotAtBothSizes(page, '34-invite-page-signed-out');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/admin/auth/sign-up?next=*');
    await page.getByLabel('Full name', { exact: true }).fill(newcomer.realName);
    await page.getByLabel('E-mail', { exact: true }).fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('button', { name: `Join ${teamName}` }).click();
    await page.waitForURL(`**/admin/${slug}/campaigns`);
    await page.getByText('No campaigns yet').waitFor();
    expect(await teamsOf(page)).toEqual([slug]);
  });
});
