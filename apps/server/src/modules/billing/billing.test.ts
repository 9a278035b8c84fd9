import { CARD_PAYMENT_MESSAGES, PLAN_PRICES, TRIAL_DAYS } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

interface Overview {
  state: string;
  tier: string;
  trialDays: number;
  paymentsEnabled: boolean;
  plans: Record<string, { name: string; monthly: number; yearly: number; currency: string }>;
}

describeEachDatabase('billing overview', (kind) => {
  const t = useTestApp(kind, { BILLING_CURRENCY: 'EUR' });
  let owner: Account;
  let slug: string;

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
    slug = await createTeam(t.current.app, owner, 'Billing Team');
  });

  it('shows every plan in the configured currency to a team without a subscription', async () => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/billing`,
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(200);
    const overview = response.json<Overview>();
    expect(overview).toMatchObject({
      state: 'none',
      tier: 'none',
      trialDays: TRIAL_DAYS,
      paymentsEnabled: false,
    });
    expect(overview.plans.starterPlan).toMatchObject({ ...PLAN_PRICES.starter, currency: 'EUR' });
    expect(overview.plans.standardPlan).toMatchObject({ ...PLAN_PRICES.standard, currency: 'EUR' });
    expect(overview.plans.businessPlan).toMatchObject({ ...PLAN_PRICES.business, currency: 'EUR' });
  });

  it('runs in self-hosted mode without keys: checkout, portal and webhook say so', async () => {
    const overview = (
      await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/billing`,
        headers: bearer(owner),
      })
    ).json<Overview & Record<string, unknown>>();
    expect(overview).toMatchObject({ stripe: null, hasCustomer: false, trialAvailable: false });
    for (const path of ['checkout', 'portal']) {
      const response = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/billing/${path}`,
        headers: bearer(owner),
        payload: { tier: 'starter', interval: 'month' },
      });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).message).toBe(CARD_PAYMENT_MESSAGES.notConfigured);
    }
    const webhook = await t.current.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(400);
    expect(errorOf(webhook).message).toBe(CARD_PAYMENT_MESSAGES.webhookNotConfigured);
  });
});
