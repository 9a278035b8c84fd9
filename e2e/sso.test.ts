import { SSO_MESSAGES } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { E2E_SSO } from './support/sso';

// Issue 33, single sign-on: the sign-in screen offers "Sign in with Acme ID"; a person the real
// OpenID Connect provider (started by global-setup.ts) vouches for lands in the app, in the team
// of their e-mail's domain; one whose address the provider has not verified is sent back with
// the reason; a handoff link that does not work says so.

const baseUrl = inject('baseUrl');

describe('single sign-on', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    // The team people of sso.example join at their first sign-on.
    const { page } = await newPage(browser, baseUrl);
    await signUpThroughUi(page, newPerson('Team Owner', 'sso-owner'));
    expect(await createTeamThroughUi(page, 'SSO Lamps')).toBe(E2E_SSO.team);
    await page.context().close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** From the sign-in screen through the provider's own sign-in page, as `email`. */
  async function signOnAs(email: string): Promise<Page> {
    const { page } = await newPage(browser, baseUrl);
    await page.goto('/admin/auth/sign-in');
    await page.getByRole('button', { name: `Sign in with ${E2E_SSO.name}` }).click();
    await page.getByRole('heading', { name: 'Test identity provider' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  }

  it('offers the provider beside the password', async () => {
    const { page } = await newPage(browser, baseUrl);
    await page.goto('/admin/auth/sign-in');
    await page.getByRole('button', { name: `Sign in with ${E2E_SSO.name}` }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    await shotAtBothSizes(page, 'sso-sign-in');
    await page.context().close();
  });

  it('signs a verified person in, into their domain’s team', async () => {
    const page = await signOnAs('grace@sso.example');
    await page.waitForURL(new RegExp(`/admin/${E2E_SSO.team}/campaigns$`));
    // The one-time code is gone from the address bar and the history.
    expect(page.url()).not.toContain('code=');
    await page.getByText('Grace Hopper').first().waitFor();
    await shotAtBothSizes(page, 'sso-signed-in');
    await page.context().close();
  });

  it('sends an unverified address back to sign-in with the reason', async () => {
    const page = await signOnAs('mallory@sso.example');
    const error = page.getByTestId('sso-error');
    await error.waitFor();
    expect(await error.innerText()).toBe(SSO_MESSAGES.unverifiedEmail);
    expect(new URL(page.url()).pathname).toBe('/admin/auth/sign-in');
    await shotAtBothSizes(page, 'sso-refused');
    await page.context().close();
  });

  it('shows only the provider where the server signs in with it only', async () => {
    const { page } = await newPage(browser, baseUrl);
    // As a server with OIDC_ONLY answers (sso.test.ts on the server checks it refuses passwords).
    await page.route('**/api/auth/sso', (route) =>
      route.fulfill({ json: { name: E2E_SSO.name, only: true } }),
    );
    await page.goto('/admin/auth/sign-in');
    await page.getByRole('button', { name: `Sign in with ${E2E_SSO.name}` }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);
    await shotAtBothSizes(page, 'sso-only-sign-in');
    await page.goto('/admin/auth/sign-up');
    await page.getByText(SSO_MESSAGES.ssoOnly(E2E_SSO.name)).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('says so when a handoff link does not work', async () => {
    const { page } = await newPage(browser, baseUrl);
    await page.goto('/admin/auth/sso?next=%2Fadmin#code=not-a-real-code');
    const failed = page.getByTestId('sso-failed');
    await failed.waitFor();
    expect(await failed.innerText()).toContain(SSO_MESSAGES.badHandoff);
    await failed.getByRole('link', { name: 'Back to sign-in' }).click();
    await page.waitForURL(/\/admin\/auth\/sign-in$/);
    await page.context().close();
  });
});
