import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLAN_TIERS } from './constants';
import {
  aiGenerationRefusal,
  campaignSwitchOnRefusal,
  ENTITLEMENT_MESSAGES,
  entitlementsOf,
  LAPSED_GRACE_DAYS,
  monthStartMs,
  PLAN_MONTHLY_AI_GENERATIONS,
  PLAN_RUNNING_CAMPAIGNS,
  servesVariants,
} from './entitlements';
import type { PlanConfig, Subscription } from './subscription';
import { hasSubscriberAccess, subscriptionStatusSchema } from './subscription';
import { PLAN_MONTHLY_EXPOSURES } from './usage';

const NOW_MS = Date.UTC(2026, 10, 26, 12);
const NOW_S = NOW_MS / 1000;
const DAY_S = 86_400;

const plan = (tier: string) => ({
  productId: `prod_${tier}`,
  name: tier,
  monthly: 1,
  yearly: 1,
  currency: 'USD',
});
const plans: PlanConfig = {
  businessPlan: plan('business'),
  standardPlan: plan('standard'),
  starterPlan: plan('starter'),
};

const sub = (values: Partial<Subscription>): Subscription => ({
  status: 'active',
  periodEndsAt: NOW_S + DAY_S,
  trialEndsAt: null,
  productId: 'prod_starter',
  ...values,
});

describe('entitlementsOf', () => {
  it('gives a team without a subscription everything, unlimited', () => {
    const e = entitlementsOf(null, plans, NOW_MS);
    expect(e).toMatchObject({ basis: 'unlimited', state: 'none', tier: null });
    expect(e.allowances).toEqual({
      runningCampaigns: null,
      monthlyExposures: null,
      monthlyAiGenerations: null,
    });
    expect(campaignSwitchOnRefusal(e, 1_000_000)).toBeNull();
    expect(aiGenerationRefusal(e, 1_000_000)).toBeNull();
    expect(servesVariants(e, Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it.each(PLAN_TIERS)('gives the %s tier its allowances, paid or on trial alike', (tier) => {
    const expected = {
      runningCampaigns: PLAN_RUNNING_CAMPAIGNS[tier],
      monthlyExposures: PLAN_MONTHLY_EXPOSURES[tier],
      monthlyAiGenerations: PLAN_MONTHLY_AI_GENERATIONS[tier],
    };
    const paid = entitlementsOf(sub({ productId: `prod_${tier}` }), plans, NOW_MS);
    const trial = entitlementsOf(
      sub({ status: 'trialing', trialEndsAt: NOW_S + DAY_S, productId: `prod_${tier}` }),
      plans,
      NOW_MS,
    );
    expect(paid).toMatchObject({ basis: 'plan', state: 'paid', tier, allowances: expected });
    expect(trial).toMatchObject({ basis: 'plan', state: 'on_trial', tier, allowances: expected });
  });

  it('refuses the starter plan its fourth running campaign with the exact message', () => {
    const e = entitlementsOf(sub({}), plans, NOW_MS);
    expect(campaignSwitchOnRefusal(e, 2)).toBeNull();
    expect(campaignSwitchOnRefusal(e, 3)).toEqual({
      kind: 'limit_reached',
      message:
        'The Starter plan runs up to 3 campaigns at once. Pause another campaign, or move to a bigger plan, to switch this one on.',
    });
  });

  it('refuses AI generations past the monthly allowance', () => {
    const e = entitlementsOf(sub({ productId: 'prod_standard' }), plans, NOW_MS);
    expect(aiGenerationRefusal(e, 999)).toBeNull();
    expect(aiGenerationRefusal(e, 1000)).toEqual({
      kind: 'limit_reached',
      message:
        "This month's 1000 AI generations of the Standard plan are used. More arrive on the 1st of next month (UTC), or move to a bigger plan.",
    });
  });

  it('starts nothing after a trial ends, and keeps variants showing for the grace days', () => {
    const endedS = NOW_S - DAY_S;
    const e = entitlementsOf(sub({ status: 'trialing', trialEndsAt: endedS }), plans, NOW_MS);
    expect(e).toMatchObject({
      basis: 'trial_ended',
      tier: 'starter',
      graceEndsAtMs: (endedS + LAPSED_GRACE_DAYS * DAY_S) * 1000,
    });
    expect(campaignSwitchOnRefusal(e, 0)).toEqual({
      kind: 'payment_required',
      message: 'Your free trial has ended. Choose a plan to switch campaigns on.',
    });
    expect(aiGenerationRefusal(e, 0)?.message).toBe(
      'Your free trial has ended. Choose a plan to use AI suggestions.',
    );
    expect(servesVariants(e, PLAN_MONTHLY_EXPOSURES.starter - 1)).toBe(true);
    expect(servesVariants(e, PLAN_MONTHLY_EXPOSURES.starter)).toBe(false);
    const afterGrace = entitlementsOf(
      sub({ status: 'trialing', trialEndsAt: endedS }),
      plans,
      (endedS + LAPSED_GRACE_DAYS * DAY_S) * 1000,
    );
    expect(servesVariants(afterGrace, 0)).toBe(false);
  });

  it('says a lapsed paid period must be renewed', () => {
    const e = entitlementsOf(
      sub({ status: 'canceled', periodEndsAt: NOW_S - DAY_S }),
      plans,
      NOW_MS,
    );
    expect(e.basis).toBe('period_ended');
    expect(campaignSwitchOnRefusal(e, 0)?.message).toBe(
      'Your subscription has ended. Renew it to switch campaigns on.',
    );
  });

  it('treats a product this server does not offer as no plan', () => {
    const e = entitlementsOf(sub({ productId: 'prod_other' }), plans, NOW_MS);
    expect(e.basis).toBe('unknown_plan');
    expect(aiGenerationRefusal(e, 0)?.message).toBe(
      ENTITLEMENT_MESSAGES.unknownPlan('use AI suggestions'),
    );
    expect(servesVariants(e, 0)).toBe(false);
  });
});

describe('entitlement properties', () => {
  const subscriptionArb = fc.option(
    fc.record({
      status: fc.constantFrom(...subscriptionStatusSchema.options),
      periodEndsAt: fc.option(fc.integer({ min: 0, max: 4_000_000_000 }), { nil: null }),
      trialEndsAt: fc.option(fc.integer({ min: 0, max: 4_000_000_000 }), { nil: null }),
      productId: fc.constantFrom('prod_starter', 'prod_standard', 'prod_business', 'prod_x'),
    }),
    { nil: null },
  );
  const nowArb = fc.integer({ min: 0, max: 4_000_000_000_000 });
  const countArb = fc.nat({ max: 10_000_000 });

  it('lets something start exactly when the team has subscriber access and room', () => {
    fc.assert(
      fc.property(subscriptionArb, nowArb, countArb, (subscription, now, count) => {
        const e = entitlementsOf(subscription, plans, now);
        const access = hasSubscriberAccess(subscription, plans, now);
        const cap = e.allowances.runningCampaigns;
        expect(campaignSwitchOnRefusal(e, count) === null).toBe(
          access && (cap === null || count < cap),
        );
        const ai = e.allowances.monthlyAiGenerations;
        expect(aiGenerationRefusal(e, count) === null).toBe(access && (ai === null || count < ai));
      }),
    );
  });

  it('is monotone: more use never turns a refusal into a yes', () => {
    fc.assert(
      fc.property(subscriptionArb, nowArb, countArb, countArb, (subscription, now, a, b) => {
        const e = entitlementsOf(subscription, plans, now);
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (campaignSwitchOnRefusal(e, low))
          expect(campaignSwitchOnRefusal(e, high)).not.toBeNull();
        if (aiGenerationRefusal(e, low)) expect(aiGenerationRefusal(e, high)).not.toBeNull();
        if (!servesVariants(e, low)) expect(servesVariants(e, high)).toBe(false);
      }),
    );
  });

  it('gives the month start at or before now, within 31 days, on the 1st at midnight UTC', () => {
    fc.assert(
      fc.property(nowArb, (now) => {
        const start = monthStartMs(now);
        expect(start).toBeLessThanOrEqual(now);
        expect(now - start).toBeLessThan(31 * DAY_S * 1000);
        const date = new Date(start);
        expect([date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes()]).toEqual([1, 0, 0]);
      }),
    );
  });
});
