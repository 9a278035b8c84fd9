import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  eventually,
  isChecked,
  newPage,
  newPerson,
  signInThroughUi,
  signUpThroughUi,
  shot,
} from './support/flows';

const baseUrl = inject('baseUrl');

describe('settings: the eight screens and one real effect each', () => {
  const person = newPerson('Grace Hopper', 'settings');
  const newPassword = 'Cobol1959rocks';
  let browser: Browser;
  let page: Page;
  let slug: string;
  let api: Api;

  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
  const avatar = () => page.getByTestId('user-menu').locator(':scope > span').first();
  const switcher = () => page.getByTestId('team-switcher');

  /** Clicks a settings navigation link and checks where it leads. */
  async function openSettings(label: string, path: string): Promise<void> {
    const nav = page.getByRole('navigation', { name: 'Settings' });
    await nav.getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/admin/${slug}${path}`);
    const link = nav.getByRole('link', { name: label, exact: true });
    await eventually(() => link.getAttribute('aria-current'), 'page');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, person);
    slug = await createTeamThroughUi(page, 'Compilers Inc');
    api = await Api.of(page, baseUrl);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.waitForURL(`**/admin/${slug}/settings/team`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('Team: renames the team and stores a labs feature flag', async () => {
    await openSettings('Team', '/settings/team');
    const name = page.getByLabel('Team name', { exact: true });
    expect(await name.inputValue()).toBe('Compilers Inc');
    await name.fill('Compilers International');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast('Team saved').waitFor();
    await expect.poll(() => switcher().textContent()).toContain('Compilers International');
    expect((await api.userContext(slug)).teams.find((t) => t.slug === slug)?.name).toBe(
      'Compilers International',
    );

    const flag = page.getByRole('switch', { name: 'Compare date ranges' });
    expect(await isChecked(flag)).toBe(false);
    expect((await api.userContext(slug)).featureFlags).not.toContain('campaign_date_compare');
    await flag.click();
    await eventually(() => isChecked(flag), true);
    await eventually(
      async () => (await api.userContext(slug)).featureFlags.includes('campaign_date_compare'),
      true,
    );
    await toast('Compare date ranges enabled').waitFor();
    await shot(page, '20-settings-team');
  });

  it('Team members: rejects a bad e-mail, invites a good one and revokes it', async () => {
    await openSettings('Team members', '/settings/team/members');
    const members = page.getByTestId('member-row');
    await members.first().waitFor();
    expect(await members.count()).toBe(1);
    expect(await members.first().textContent()).toContain(`${person.realName} (you)`);
    // The only owner cannot leave: the app does not offer what the server would refuse.
    expect(await members.first().getByRole('button', { name: 'Leave team' }).count()).toBe(0);
    expect(await members.first().textContent()).toContain('Only owner');

    const email = page.getByLabel('E-mail', { exact: true });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Send invite' }).click();
    const fieldError = page
      .getByRole('alert')
      .filter({ hasText: 'Please enter a valid email address' });
    await fieldError.waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('invite-row').count()).toBe(0);
    await shot(page, '21-settings-members-bad-email');

    const invitee = `colleague.${Date.now()}@example.com`;
    await email.fill(invitee);
    await page.getByRole('button', { name: 'Send invite' }).click();
    const inviteRow = page.getByTestId('invite-row').filter({ hasText: invitee });
    await inviteRow.waitFor();
    expect(await inviteRow.textContent()).toContain('Member');
    expect(await email.inputValue()).toBe('');
    await shot(page, '22-settings-members-pending-invite');

    await page.getByRole('button', { name: `Revoke invitation for ${invitee}` }).click();
    await inviteRow.waitFor({ state: 'detached' });
    await toast('Invitation revoked').waitFor();
    const { invites } = await api.call<{ invites: unknown[] }>('GET', `/team/${slug}/members`);
    expect(invites).toEqual([]);
  });

  it('User Info: changes the full name and the avatar initials follow', async () => {
    await openSettings('User Info', '/settings/user/info');
    expect(await avatar().textContent()).toBe('GH');
    const fullName = page.getByLabel('Full name', { exact: true });
    expect(await fullName.inputValue()).toBe(person.realName);
    await fullName.fill('margaret heafield hamilton');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => avatar().textContent(), 'MH');
    await page
      .getByRole('button', { name: 'Account menu for margaret heafield hamilton' })
      .waitFor();
    expect((await api.userContext()).user.realName).toBe('margaret heafield hamilton');
    await shot(page, '23-settings-user-info');
  });

  it('Preferences: time zone and preview size persist after a reload', async () => {
    await openSettings('Preferences', '/settings/user/preferences');
    const timeZone = page.getByLabel('Time zone', { exact: true });
    const tablet = page.getByRole('radio', { name: /^Tablet/ });
    expect(await timeZone.inputValue()).not.toBe('Pacific/Auckland');
    expect(await tablet.isChecked()).toBe(false);

    await timeZone.selectOption('Pacific/Auckland');
    await tablet.check();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await toast('Preferences saved').waitFor();

    await page.reload();
    await page.getByLabel('Time zone', { exact: true }).waitFor();
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe(
      'Pacific/Auckland',
    );
    expect(await page.getByRole('radio', { name: /^Tablet/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Desktop/ }).isChecked()).toBe(false);
    const { preferences } = (await api.userContext()).user;
    expect(preferences).toMatchObject({ timezone: 'Pacific/Auckland', previewSize: 'tablet' });
    await shot(page, '24-settings-preferences');
  });

  it('Billing: free self-hosted mode and the plan table', async () => {
    await openSettings('Billing', '/settings/team/billing');
    const notice = page.getByTestId('payments-disabled');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Payments are not configured');
    const plans = page.getByRole('list', { name: 'Plans' });
    expect(await plans.getByRole('listitem').count()).toBe(3);
    const expected = [
      ['starter', 'Starter', '$299', '$249'],
      ['standard', 'Standard', '$599', '$499'],
      ['business', 'Business', '$1,199', '$999'],
    ] as const;
    for (const [tier, name, monthly, yearly] of expected) {
      const card = page.getByTestId(`plan-${tier}`);
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(name);
      expect(await page.getByTestId(`plan-${tier}-monthly`).textContent()).toBe(monthly);
      expect(await page.getByTestId(`plan-${tier}-yearly`).textContent()).toBe(
        `${yearly} / month billed yearly`,
      );
    }
    await shot(page, '25-settings-billing');
  });

  it('Username: shows availability feedback and saves', async () => {
    await openSettings('Username', '/settings/user/username');
    const field = page.getByLabel('Username', { exact: true });
    const status = page.getByTestId('field-status');
    const save = page.getByRole('button', { name: 'Save username' });
    expect(await save.isDisabled()).toBe(true);

    await field.fill('no spaces allowed!');
    await status.waitFor();
    await expect
      .poll(() => status.textContent())
      .not.toMatch(/^(Checking availability…|Username is available)$/);
    expect(await save.isDisabled()).toBe(true);
    await shot(page, '26-settings-username-invalid');

    const username = `grace_${Date.now().toString(36)}`;
    await field.fill(username);
    await eventually(() => status.textContent(), 'Username is available');
    expect(await save.isDisabled()).toBe(false);
    await shot(page, '27-settings-username-available');
    await save.click();
    await toast('Username saved').waitFor();
    await eventually(() => status.textContent(), 'This is your current username');
    expect((await api.userContext()).user.username).toBe(username);
  });

  it('Password: changes it, signs out from the user menu and signs in with the new one', async () => {
    await openSettings('Password', '/settings/user/password');
    await page.getByLabel('Current password', { exact: true }).fill(person.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await eventually(
      () => page.getByTestId('field-status').textContent(),
      'Password meets the policy',
    );
    await shot(page, '28-settings-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast('Password changed').waitFor();
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/admin/auth/sign-in');

    await signInThroughUi(page, person.email, person.password);
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').textContent()).toBe(
      'Incorrect e-mail or password.',
    );
    await signInThroughUi(page, person.email, newPassword);
    await page.waitForURL(`**/admin/${slug}/campaigns`);
    api = await Api.of(page, baseUrl);
  });

  it('Default Team: a second team from the team switcher becomes the landing team', async () => {
    const firstSlug = slug;
    await switcher().click();
    await page.getByRole('menuitem', { name: 'Create team' }).click();
    await page.waitForURL('**/admin/auth/create-team');
    await page.getByRole('link', { name: 'Back to Compilers International' }).waitFor();
    const secondSlug = await createTeamThroughUi(page, 'Second Shift');
    expect(secondSlug).not.toBe(slug);
    expect(await switcher().textContent()).toContain('Second Shift');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.waitForURL(`**/admin/${secondSlug}/settings/team`);
    slug = secondSlug;
    await openSettings('Default Team', '/settings/user/default_team');

    const before = (await api.userContext()).user.defaultTeam;
    expect(before).not.toBeNull();
    const target = before === secondSlug ? 'Compilers International' : 'Second Shift';
    const targetSlug = before === secondSlug ? firstSlug : secondSlug;
    expect(await page.getByRole('radio').count()).toBe(2);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: new RegExp(`^${target}`) }).check();
    await shot(page, '29-settings-default-team');
    await save.click();
    await toast('Default team saved').waitFor();
    await eventually(async () => (await api.userContext()).user.defaultTeam, targetSlug);

    await page.goto('/admin');
    await page.waitForURL(`**/admin/${targetSlug}/campaigns`);
  });
});
