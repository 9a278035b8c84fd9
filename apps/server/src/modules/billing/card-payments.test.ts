import { CARD_PAYMENT_MESSAGES, TRIAL_DAYS } from '@kindling/domain';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { startStripeDouble, type StripeDouble } from '../../../test/stripe-double';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
  type TestApp,
} from '../../../test/test-app';

const SECRET_KEY = 'sk_test_kindling';
const WEBHOOK_SECRET = 'whsec_kindling_test';
const DAY = 86_400;

interface Overview {
  state: string;
  tier: string;
  paymentsEnabled: boolean;
  stripe: { publishableKey: string; scriptUrl: string } | null;
  hasCustomer: boolean;
  trialAvailable: boolean;
  canManage: boolean;
  subscription: Record<string, unknown> | null;
}

/** Signs like Stripe does, with the SDK's own test helper. */
const signer = new Stripe(SECRET_KEY);
let eventCounter = 0;

function subscriptionObject({
  id = 'sub_1',
  customer,
  status,
  product = 'kindling-standard',
  trialEnd = null,
  periodEnd,
}: {
  id?: string;
  customer: string;
  status: string;
  product?: string;
  trialEnd?: number | null;
  periodEnd: number;
}) {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    trial_end: trialEnd,
    items: {
      object: 'list',
      data: [{ id: `si_${id}`, current_period_end: periodEnd, price: { id: 'price_x', product } }],
    },
  };
}

function signedEvent(
  type: string,
  object: object,
  { created, id = `evt_${(eventCounter += 1)}` }: { created: number; id?: string },
) {
  const payload = JSON.stringify({ id, object: 'event', type, created, data: { object } });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, signature, id };
}

async function postEvent(t: { current: TestApp }, event: { payload: string; signature: string }) {
  return t.current.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

describeEachDatabase('card payments through Stripe', (kind) => {
  let double: StripeDouble;
  beforeAll(async () => {
    double = await startStripeDouble();
  });
  afterAll(() => double.close());
  const t = useTestApp(kind, () => ({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_kindling',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: double.url,
    STRIPE_JS_URL: double.scriptUrl,
    PUBLIC_URL: 'https://kindling.example.com',
  }));
  let owner: Account;
  let member: Account;
  let slug: string;

  const overview = async (account = owner, team = slug) =>
    (
      await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${team}/billing`,
        headers: bearer(account),
      })
    ).json<Overview>();
  const checkout = (payload: object, account = owner, team = slug) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/billing/checkout`,
      headers: bearer(account),
      payload,
    });
  const portal = (account = owner, team = slug) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/billing/portal`,
      headers: bearer(account),
    });
  const customerId = async () => {
    const row = await t.current.services.db
      .selectFrom('teamBilling')
      .innerJoin('teams', 'teams.id', 'teamBilling.teamId')
      .select('stripeCustomerId')
      .where('teams.slug', '=', slug)
      .executeTakeFirstOrThrow();
    return row.stripeCustomerId;
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
    member = await signUp(t.current.app, 'Member');
    slug = await createTeam(t.current.app, owner, 'Paying Team');
    await addMember(t.current.app, { owner, slug, member });
  });
  beforeEach(() => {
    double.requests.length = 0;
  });

  it('tells the browser where Stripe.js is and that a trial is on offer', async () => {
    expect(await overview()).toMatchObject({
      paymentsEnabled: true,
      stripe: { publishableKey: 'pk_test_kindling', scriptUrl: double.scriptUrl },
      hasCustomer: false,
      trialAvailable: true,
      canManage: true,
      state: 'none',
    });
    expect((await overview(member)).canManage).toBe(false);
  });

  it('refuses the portal before the team has a customer', async () => {
    const response = await portal();
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(CARD_PAYMENT_MESSAGES.noCustomer);
    expect(double.requests).toEqual([]);
  });

  it('lets only owners start a checkout or open the portal', async () => {
    for (const response of [
      await checkout({ tier: 'starter', interval: 'month' }, member),
      await portal(member),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(CARD_PAYMENT_MESSAGES.ownerOnly);
    }
    expect(double.requests).toEqual([]);
  });

  it('refuses a plan or interval it does not know, calling nothing', async () => {
    const response = await checkout({ tier: 'gold', interval: 'week' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      tier: 'Choose a plan: starter, standard or business.',
      interval: 'Choose monthly or yearly billing.',
    });
    expect(double.requests).toEqual([]);
  });

  it('starts a subscription checkout with the free trial for a new team', async () => {
    const response = await checkout({ tier: 'standard', interval: 'year' });
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^${double.url}/checkout/cs_test_\\d+$`));

    const [prices, customer, session] = double.requests;
    expect(double.requests).toHaveLength(3);
    expect(prices).toMatchObject({
      method: 'GET',
      path: '/v1/prices',
      query: {
        product: 'kindling-standard',
        active: 'true',
        type: 'recurring',
        currency: 'usd',
        'recurring[interval]': 'year',
      },
      authorization: `Bearer ${SECRET_KEY}`,
    });
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      form: { name: 'Paying Team', 'metadata[teamSlug]': slug },
    });
    const billingUrl = `https://kindling.example.com/admin/${slug}/settings/team/billing`;
    expect(session).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(session!.form).toMatchObject({
      mode: 'subscription',
      customer: await customerId(),
      'line_items[0][price]': 'price_kindling-standard_year',
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': String(TRIAL_DAYS),
      success_url: `${billingUrl}?checkout=success`,
      cancel_url: `${billingUrl}?checkout=cancelled`,
    });
    expect((await overview()).hasCustomer).toBe(true);
  });

  it('reuses the team’s customer on the next checkout', async () => {
    const response = await checkout({ tier: 'starter', interval: 'month' });
    expect(response.statusCode).toBe(200);
    expect(double.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/prices',
      'POST /v1/checkout/sessions',
    ]);
    expect(double.requests[1]!.form).toMatchObject({
      customer: await customerId(),
      'line_items[0][price]': 'price_kindling-starter_month',
    });
  });

  it('opens the billing portal for the team’s customer', async () => {
    const response = await portal();
    expect(response.statusCode).toBe(200);
    expect(response.json<{ url: string }>().url).toMatch(`${double.url}/portal/bps_test_`);
    expect(double.requests).toMatchObject([
      {
        method: 'POST',
        path: '/v1/billing_portal/sessions',
        form: {
          customer: await customerId(),
          return_url: `https://kindling.example.com/admin/${slug}/settings/team/billing`,
        },
      },
    ]);
  });

  it('says which price is missing in Stripe, and what Stripe refused', async () => {
    const saved = [...double.prices];
    double.prices.splice(0, double.prices.length, ...saved.filter((p) => p.interval !== 'year'));
    const missing = await checkout({ tier: 'business', interval: 'year' });
    double.prices.splice(0, double.prices.length, ...saved);
    expect(missing.statusCode).toBe(409);
    expect(errorOf(missing).message).toBe(
      'Stripe has no active yearly price in USD for the Business plan (product kindling-business). Add one in the Stripe dashboard.',
    );
    double.failNext(400, 'No such customer');
    const refused = await portal();
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused).message).toBe(
      'Stripe refused to open the billing portal: No such customer',
    );
  });

  describe('webhook', () => {
    const now = Math.floor(Date.now() / 1000);

    it('refuses a wrong or missing signature and changes nothing', async () => {
      const event = signedEvent(
        'customer.subscription.created',
        subscriptionObject({
          customer: await customerId(),
          status: 'active',
          periodEnd: now + 30 * DAY,
        }),
        { created: now },
      );
      const before = await overview();
      const forged = await postEvent(t, {
        ...event,
        payload: event.payload.replace('active', 'trialing'),
      });
      const unsigned = await postEvent(t, { ...event, signature: '' });
      const otherSecret = await t.current.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({
            payload: event.payload,
            secret: 'whsec_someone_else',
          }),
        },
        payload: event.payload,
      });
      for (const response of [forged, unsigned, otherSecret]) {
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(CARD_PAYMENT_MESSAGES.webhookSignature);
      }
      expect(await overview()).toEqual(before);
      expect(await t.current.services.db.selectFrom('stripeEvents').select('id').execute()).toEqual(
        [],
      );
    });

    it('puts the team on trial when the subscription starts', async () => {
      const event = signedEvent(
        'customer.subscription.created',
        subscriptionObject({
          customer: await customerId(),
          status: 'trialing',
          trialEnd: now + TRIAL_DAYS * DAY,
          periodEnd: now + TRIAL_DAYS * DAY,
        }),
        { created: now },
      );
      const response = await postEvent(t, event);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await overview()).toMatchObject({
        state: 'on_trial',
        tier: 'standard',
        trialAvailable: false,
        subscription: {
          status: 'trialing',
          trialEndsAt: now + TRIAL_DAYS * DAY,
          periodEndsAt: now + TRIAL_DAYS * DAY,
          productId: 'kindling-standard',
        },
      });
    });

    it('offers no second trial once the team had a subscription', async () => {
      expect((await checkout({ tier: 'standard', interval: 'month' })).statusCode).toBe(200);
      const session = double.requests.find((request) => request.path === '/v1/checkout/sessions');
      expect(session!.form).not.toHaveProperty('subscription_data[trial_period_days]');
    });

    it('handles a redelivered event once', async () => {
      const paid = signedEvent(
        'customer.subscription.updated',
        subscriptionObject({
          customer: await customerId(),
          status: 'active',
          periodEnd: now + 30 * DAY,
        }),
        { created: now + 10 },
      );
      expect((await postEvent(t, paid)).json()).toMatchObject({ outcome: 'applied' });
      expect((await overview()).state).toBe('paid');
      // The same event id again, even with other content, changes nothing.
      const again = signedEvent(
        'customer.subscription.updated',
        subscriptionObject({ customer: await customerId(), status: 'unpaid', periodEnd: now }),
        { created: now + 20, id: paid.id },
      );
      const response = await postEvent(t, again);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ outcome: 'duplicate' });
      expect((await overview()).state).toBe('paid');
    });

    it('skips an event older than the one applied', async () => {
      const late = signedEvent(
        'customer.subscription.updated',
        subscriptionObject({
          customer: await customerId(),
          status: 'trialing',
          trialEnd: now + DAY,
          periodEnd: now + DAY,
        }),
        { created: now + 5 },
      );
      expect((await postEvent(t, late)).json()).toMatchObject({ outcome: 'stale' });
      expect((await overview()).state).toBe('paid');
    });

    it('maps unpaid to past due, and an old subscription ending leaves the new one', async () => {
      const unpaid = signedEvent(
        'customer.subscription.updated',
        subscriptionObject({
          customer: await customerId(),
          status: 'unpaid',
          periodEnd: now + DAY,
        }),
        { created: now + 30 },
      );
      await postEvent(t, unpaid);
      expect(await overview()).toMatchObject({
        state: 'period_ended',
        subscription: { status: 'past_due' },
      });
      const renewed = signedEvent(
        'customer.subscription.created',
        subscriptionObject({
          id: 'sub_2',
          customer: await customerId(),
          status: 'active',
          product: 'kindling-business',
          periodEnd: now + 30 * DAY,
        }),
        { created: now + 40 },
      );
      expect((await postEvent(t, renewed)).json()).toMatchObject({ outcome: 'applied' });
      const oldEnds = signedEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          customer: await customerId(),
          status: 'canceled',
          periodEnd: now + DAY,
        }),
        { created: now + 50 },
      );
      expect((await postEvent(t, oldEnds)).json()).toMatchObject({ outcome: 'stale' });
      expect(await overview()).toMatchObject({ state: 'paid', tier: 'business' });
      const newEnds = signedEvent(
        'customer.subscription.deleted',
        subscriptionObject({
          id: 'sub_2',
          customer: await customerId(),
          status: 'canceled',
          product: 'kindling-business',
          periodEnd: now + 30 * DAY,
        }),
        { created: now + 60 },
      );
      expect((await postEvent(t, newEnds)).json()).toMatchObject({ outcome: 'applied' });
      expect((await overview()).state).toBe('period_ended');
    });

    it('links the customer of a completed checkout and ignores strangers', async () => {
      const other = await createTeam(t.current.app, owner, 'Dashboard Team');
      const { id } = await t.current.services.db
        .selectFrom('teams')
        .select('id')
        .where('slug', '=', other)
        .executeTakeFirstOrThrow();
      const completed = signedEvent(
        'checkout.session.completed',
        {
          id: 'cs_x',
          object: 'checkout.session',
          customer: 'cus_dashboard',
          client_reference_id: String(id),
        },
        { created: now },
      );
      expect((await postEvent(t, completed)).json()).toMatchObject({ outcome: 'applied' });
      expect((await overview(owner, other)).hasCustomer).toBe(true);
      const stranger = signedEvent(
        'customer.subscription.created',
        subscriptionObject({ customer: 'cus_nobody', status: 'active', periodEnd: now + DAY }),
        { created: now },
      );
      expect((await postEvent(t, stranger)).json()).toMatchObject({ outcome: 'ignored' });
      const otherType = signedEvent(
        'invoice.paid',
        { id: 'in_1', object: 'invoice' },
        { created: now },
      );
      expect((await postEvent(t, otherType)).json()).toMatchObject({ outcome: 'ignored' });
    });
  });
});
