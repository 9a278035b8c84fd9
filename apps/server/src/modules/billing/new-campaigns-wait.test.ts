import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';

/** The billing overview's and the user context's word on new campaigns, for a new team. */
async function answers(app: Parameters<typeof signUp>[0]) {
  const owner = await signUp(app);
  const slug = await createTeam(app, owner, 'Waiting Team');
  const billing = await app.inject({
    method: 'GET',
    url: `/api/team/${slug}/billing`,
    headers: bearer(owner),
  });
  const context = await app.inject({
    method: 'GET',
    url: `/api/user/by-session?team=${slug}`,
    headers: bearer(owner),
  });
  const team = context
    .json<{ teams: { slug: string; newCampaignsWaitForSubscription: boolean }[] }>()
    .teams.find((one) => one.slug === slug);
  return {
    billing: billing.json<{ newCampaignsWaitForSubscription: boolean }>()
      .newCampaignsWaitForSubscription,
    context: team?.newCampaignsWaitForSubscription,
  };
}

describeEachDatabase('New campaigns wait for a subscription only where one can be had', (kind) => {
  const selfHosted = useTestApp(kind);
  const withPayments = useTestApp(kind, {
    STRIPE_SECRET_KEY: 'sk_test_kindling',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_kindling',
    STRIPE_WEBHOOK_SECRET: 'whsec_kindling',
  });

  it('says no on a self-hosted server (payments off), yes with payments and no subscription', async () => {
    expect(await answers(selfHosted.current.app)).toEqual({ billing: false, context: false });
    expect(await answers(withPayments.current.app)).toEqual({ billing: true, context: true });
  });
});
