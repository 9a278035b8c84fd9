import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CARD_PAYMENT_MESSAGES, TRIAL_DAYS } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import { startStripeDouble, type StripeDouble } from '../apps/server/test/stripe-double';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signInThroughUi,
  signUpThroughUi,
  joinAsMember,
} from './support/flows';

const baseUrl = inject('baseUrl');
const WEBHOOK_SECRET = 'whsec_e2e_card_payments';
const PUBLISHABLE_KEY = 'pk_test_e2e_card_payments';

describe('billing screen in self-hosted mode (no Stripe keys)', () => {
  let browser: Browser;
  let page: Page;
  let slug: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Grace Hopper', 'self-hosted-billing'));
    slug = await createTeamThroughUi(page, 'Compiler Club');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('explains self-hosted mode, how to turn payments on, and offers no buttons that fail', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`/admin/${slug}/settings/team/billing`);
    const notice = page.getByTestId('payments-disabled');
    await notice.waitFor();
    const text = await notice.textContent();
    expect(text).toContain(CARD_PAYMENT_MESSAGES.notConfigured);
    expect(text).toContain('every feature is available and no card is needed');
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(text).toContain(name);
    }
    const plans = page.getByRole('list', { name: 'Plans' });
    expect(await plans.getByRole('button').count()).toBe(0);
    expect(await plans.getByText('Included').count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    // Nothing of Stripe's is loaded without keys.
    expect(scripts.filter((url) => !url.startsWith(baseUrl))).toEqual([]);
    await page.getByRole('radio', { name: 'Yearly' }).check();
    expect(await page.getByTestId('plan-standard-yearly').textContent()).toBe('$499');
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await shotAtBothSizes(page, 'billing-self-hosted');
  });
});

describe('billing screen with card payments on (a local Stripe double)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-stripe-'));
  let stripe: StripeDouble;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let slug: string;
  const billingPath = () => `/admin/${slug}/settings/team/billing`;
  const planButton = (tier: string, name: string) =>
    page.getByTestId(`plan-${tier}`).getByRole('button', { name });

  beforeAll(async () => {
    stripe = await startStripeDouble();
    server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      CLIENT_LOG_RATE_LIMIT_PER_MINUTE: '100000',
      STRIPE_SECRET_KEY: 'sk_test_e2e_card_payments',
      STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      STRIPE_JS_URL: stripe.scriptUrl,
    });
    if (!server.healthy) throw new Error(`server did not start:\n${server.output()}`);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    await signUpThroughUi(page, newPerson('Ada Lovelace', 'card-payments'));
    slug = await createTeamThroughUi(page, 'Engine Works');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads Stripe.js with the publishable key and offers the free trial on every plan', async () => {
    await page.goto(billingPath());
    await planButton('standard', `Start ${TRIAL_DAYS}-day free trial`).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => (window as { __stripeDoubleKeys?: string[] }).__stripeDoubleKeys),
      )
      .toEqual([PUBLISHABLE_KEY]);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('payments-disabled').count()).toBe(0);
    for (const tier of ['starter', 'business']) {
      await planButton(tier, `Start ${TRIAL_DAYS}-day free trial`).waitFor();
    }
    expect(await page.getByTestId('billing-next-step').textContent()).toBe(
      'Choose a plan below to start your free trial.',
    );
    await page.getByRole('radio', { name: 'Yearly' }).check();
    expect(await page.getByTestId('plan-standard-yearly').textContent()).toBe('$499');
    await shotAtBothSizes(page, 'billing-payments-on');
  });

  it('sends the owner to Stripe Checkout for the chosen plan and interval', async () => {
    stripe.requests.length = 0;
    await planButton('standard', `Start ${TRIAL_DAYS}-day free trial`).click();
    await page.waitForURL(`${stripe.url}/checkout/**`);
    await page.getByRole('heading', { name: 'Stripe Checkout (double)' }).waitFor();
    const session = stripe.requests.find((request) => request.path === '/v1/checkout/sessions');
    expect(session?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_kindling-standard_year',
      'subscription_data[trial_period_days]': String(TRIAL_DAYS),
      success_url: `${server.url}${billingPath()}?checkout=success`,
    });
  });

  it('shows the trial once Stripe’s signed event arrives, with Manage billing', async () => {
    const customer = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')
      ?.form.customer;
    expect(customer).toMatch(/^cus_test_/);
    const now = Math.floor(Date.now() / 1000);
    const trialEnd = now + TRIAL_DAYS * 86_400;
    const payload = JSON.stringify({
      id: 'evt_e2e_trial',
      object: 'event',
      type: 'customer.subscription.created',
      created: now,
      data: {
        object: {
          id: 'sub_e2e',
          object: 'subscription',
          customer,
          status: 'trialing',
          trial_end: trialEnd,
          items: {
            data: [{ current_period_end: trialEnd, price: { product: 'kindling-standard' } }],
          },
        },
      },
    });
    const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    // Back from Checkout before Stripe's event: the screen waits for it without a reload.
    await page.goto(`${server.url}${billingPath()}?checkout=success`);
    await page
      .getByTestId('checkout-success')
      .getByText(/as soon as Stripe confirms it/)
      .waitFor();
    expect(await page.getByTestId('billing-state').textContent()).toBe('No subscription');
    const deliver = (body: string) =>
      fetch(`${server.url}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      });
    expect((await deliver(payload.replace('"trialing"', '"active"'))).status).toBe(400);
    const delivered = await deliver(payload);
    expect(delivered.status).toBe(200);
    await page.getByTestId('billing-state').getByText('On trial').waitFor();
    expect(await page.getByTestId('checkout-success').textContent()).toBe(
      'Thank you! Stripe has confirmed your plan.',
    );

    await page.reload();
    await page.getByTestId('billing-state').getByText('On trial').waitFor();
    expect(await page.getByTestId('billing-tier').textContent()).toBe('Standard');
    expect(await page.getByTestId('billing-detail').textContent()).toMatch(
      new RegExp(`^${TRIAL_DAYS} days left in your free trial`),
    );
    // No second trial: the other plans now say "Choose plan"; the current one is "Your plan".
    await planButton('business', 'Choose plan').waitFor();
    await planButton('standard', 'Your plan').waitFor();
    await shotAtBothSizes(page, 'billing-on-trial');

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await page.getByRole('heading', { name: 'Stripe billing portal (double)' }).waitFor();
  });

  it('shows a member the plan without buttons: only owners pay', async () => {
    const person = newPerson('Charles Babbage', 'card-payments-member');
    // The owner's page is back from Stripe's portal on this server, where its session is kept.
    await page.goto(billingPath());
    const owner = await Api.of(page, server.url);
    await joinAsMember(server.url, { owner, team: slug, person });
    const { page: memberPage, context } = await newPage(browser, server.url);
    await memberPage.goto('/admin/auth/sign-in');
    await signInThroughUi(memberPage, person.email, person.password);
    await memberPage.waitForURL(/\/admin\/[^/]+\/campaigns/);
    await memberPage.goto(billingPath());
    await memberPage.getByTestId('billing-owner-only').waitFor();
    expect(await memberPage.getByTestId('billing-next-step').textContent()).toBe(
      CARD_PAYMENT_MESSAGES.ownerOnly,
    );
    expect(await memberPage.getByRole('list', { name: 'Plans' }).getByRole('button').count()).toBe(
      0,
    );
    expect(await memberPage.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    await context.close();
  });

  it('says so when Stripe.js loads but does not start (spec section 8)', async () => {
    stripe.scriptMode = 'no-stripe';
    await page.goto(`${server.url}${billingPath()}`);
    const alert = page.getByTestId('stripe-script-unavailable');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(CARD_PAYMENT_MESSAGES.scriptUnavailable);
    // The hosted checkout does not need Stripe.js: the plan buttons stay usable.
    expect(await planButton('business', 'Choose plan').isEnabled()).toBe(true);
    await shotAtBothSizes(page, 'billing-script-unavailable');
  });

  it('says so when Stripe.js fails to load (spec section 8)', async () => {
    stripe.scriptMode = 'missing';
    await page.goto(`${server.url}${billingPath()}`);
    const alert = page.getByTestId('stripe-script-failed');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(CARD_PAYMENT_MESSAGES.scriptFailed);
    await shotAtBothSizes(page, 'billing-script-failed');
    stripe.scriptMode = 'working';
  });
});
