import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linkIn } from '../apps/server/test/smtp-server';
import { launchBrowser } from './support/browser';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  shot,
  signInThroughUi,
  signUpThroughUi,
  VIEWPORT,
} from './support/flows';
import { mailTo, readMailbox } from './support/mailbox';

const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');

const VERIFY_SUBJECT = 'Verify your e-mail address for Kindling';
const RESET_SUBJECT = 'Reset your Kindling password';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The same screen at 1440x900 and at 390x844 (`{name}-1440`, `{name}-390`). */
async function shotBothSizes(page: Page, name: string): Promise<void> {
  // No hover effect from the last click in the picture.
  await page.mouse.move(0, 0);
  try {
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await shot(page, `${name}-${size.width}`);
    }
  } finally {
    await page.setViewportSize(VIEWPORT);
  }
}

describe('address verification: the link from the sign-up mail verifies the address', () => {
  const person = newPerson('Hedy Lamarr', 'verify');
  let browser: Browser;
  let page: Page;
  let slug: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('asks a new account to verify its address, and sends the link again on request', async () => {
    await signUpThroughUi(page, person);
    slug = await createTeamThroughUi(page, 'Frequency Hopping');
    const notice = page.getByTestId('verify-email-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      `Please verify ${person.email}. We sent you a link.`,
    );
    await mailTo(mailboxUrl, { to: person.email, subject: VERIFY_SUBJECT });
    // Without the "Team created" toast over the banner.
    await page.reload();
    await notice.waitFor();
    await shotBothSizes(page, '60-verify-banner');

    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `We sent a new link to ${person.email}.` })
      .waitFor();
    await mailTo(mailboxUrl, { to: person.email, subject: VERIFY_SUBJECT, nth: 2 });
  });

  it('opens the mailed link, says the address is verified and the notice is gone', async () => {
    const mail = await mailTo(mailboxUrl, { to: person.email, subject: VERIFY_SUBJECT, nth: 2 });
    expect(mail.text).toContain(
      `Please confirm that ${person.email} is your address by following the link below.`,
    );
    await page.goto(linkIn(mail, `${baseUrl}/admin/auth/verify-email?token=`));
    const done = page.getByTestId('verify-done');
    await done.waitFor();
    expect(await done.textContent()).toBe(`${person.email} is verified. Thank you!`);
    await shotBothSizes(page, '61-verify-done');

    await page.getByRole('link', { name: 'Continue to Kindling' }).click();
    await page.waitForURL(/\/admin\/[^/]+\/campaigns$/);
    await page.getByText('No campaigns yet').waitFor();
    expect(await page.getByTestId('verify-email-notice').count()).toBe(0);

    // The link did its job: opening it again still says so.
    await page.goto(linkIn(mail, `${baseUrl}/admin/auth/verify-email?token=`));
    await page.getByTestId('verify-done').waitFor();
  });

  it('shows a clear failure for a link that is not valid', async () => {
    await page.goto('/admin/auth/verify-email?token=not-a-real-token');
    const failed = page.getByTestId('verify-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toBe(
      'This verification link is not valid. Check that you copied the whole address, or ask for a new one from your account settings.',
    );
    await shotBothSizes(page, '62-verify-failed');
  });

  it('User Info: the address shows as verified; a new one asks to be verified again', async () => {
    await page.goto(`/admin/${slug}/settings/user/info`);
    const email = page.getByLabel(/^E-mail/);
    expect(await email.inputValue()).toBe(person.email);
    await page.getByText('Verified', { exact: true }).waitFor();

    const newEmail = newPerson('Hedy Lamarr', 'moved').email;
    await email.fill(newEmail);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Please enter your current password to change your e-mail' })
      .waitFor();
    await page.getByLabel('Current password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your current password is not correct' })
      .waitFor();
    await page.getByLabel('Current password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const notice = page.getByTestId('verify-email-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(`Please verify ${newEmail}. We sent you a link.`);
    expect(await page.getByText('Verified', { exact: true }).count()).toBe(0);
    await mailTo(mailboxUrl, { to: newEmail, subject: VERIFY_SUBJECT });
    await page.reload();
    await notice.waitFor();
    await shotBothSizes(page, '69-user-info-unverified');
  });
});

describe('password reset: from the sign-in screen to a new password, by mail', () => {
  const person = newPerson('Radia Perlman', 'reset');
  const newPassword = 'Spanning2Tree';
  let browser: Browser;
  let page: Page;
  let oldSession: Page;
  let resetLink: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page: oldSession } = await newPage(browser, baseUrl));
    await signUpThroughUi(oldSession, person);
    await createTeamThroughUi(oldSession, 'Bridges');
    ({ page } = await newPage(browser, baseUrl));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('asks for a link from "Forgot your password?" and says where it went', async () => {
    await page.goto('/admin/auth/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/admin/auth/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await shotBothSizes(page, '63-forgot-password');

    await page.getByLabel('E-mail', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByTestId('reset-requested');
    await sent.waitFor();
    expect(await sent.textContent()).toBe(
      `Check your inbox: if an account uses ${person.email}, we've sent it a link to choose a new password. The link works for 1 hour.`,
    );
    await shotBothSizes(page, '64-reset-requested');

    const mail = await mailTo(mailboxUrl, { to: person.email, subject: RESET_SUBJECT });
    resetLink = linkIn(mail, `${baseUrl}/admin/auth/reset-password?token=`);
  });

  it('answers an unknown address with the same screen, and mails nothing', async () => {
    const stranger = newPerson('Nobody', 'stranger').email;
    await page.getByRole('button', { name: 'Use another address' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(stranger);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByTestId('reset-requested');
    await sent.waitFor();
    expect(await sent.textContent()).toBe(
      `Check your inbox: if an account uses ${stranger}, we've sent it a link to choose a new password. The link works for 1 hour.`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await readMailbox(mailboxUrl)).filter((mail) => mail.to === stranger)).toEqual([]);
  });

  it('sets a new password from the mailed link with the sign-up rules', async () => {
    await page.goto(resetLink);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await shotBothSizes(page, '65-reset-password');

    const password = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });
    await password.fill('lettersonly');
    await confirm.fill('lettersonly');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Password must contain at least one letter and one number' })
      .waitFor();
    await password.fill(newPassword);
    await confirm.fill(`${newPassword}!`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
    await shotBothSizes(page, '66-reset-password-errors');

    await confirm.fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/admin/auth/sign-in');
    const notice = page.getByTestId('password-changed');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      'Your password has been changed. Sign in with the new one.',
    );
    await shotBothSizes(page, '67-sign-in-after-reset');
  });

  it('signs in with the new password only, and the old session is over', async () => {
    await signInThroughUi(page, person.email, person.password);
    await page
      .getByTestId('form-error')
      .filter({ hasText: 'Incorrect e-mail or password.' })
      .waitFor();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/admin\/[^/]+\/campaigns$/);

    // The browser that was signed in before the reset is sent to sign in again.
    await oldSession.reload();
    await oldSession.waitForURL('**/admin/auth/sign-in**');
  });

  it('shows the dead-link state for a link used once already, with a way to a new one', async () => {
    const { page: other } = await newPage(browser, baseUrl);
    await other.goto(resetLink);
    await other.getByLabel('New password', { exact: true }).fill('Another1Password');
    await other.getByLabel('Confirm new password', { exact: true }).fill('Another1Password');
    await other.getByRole('button', { name: 'Set new password' }).click();
    const dead = other.getByTestId('dead-link');
    await dead.waitFor();
    expect(await dead.textContent()).toBe(
      'This reset link has expired or was already used. Ask for a new one.',
    );
    await shotBothSizes(other, '68-reset-dead-link');
    await other.getByRole('link', { name: 'Ask for a new link' }).click();
    await other.waitForURL('**/admin/auth/forgot-password');
  });
});
