import { describe, it, expect } from 'vitest';
import {
  hasSubscriberAccess,
  planNames,
  currentPlanName,
  SUBSCRIPTION_STATES,
  subscriptionSchema,
  subscriptionState,
  subscriptionTier,
} from './subscription';
import type { PlanConfig, Subscription } from './subscription';

const NOW_MS = Date.UTC(2025, 0, 15, 12);
const NOW_S = NOW_MS / 1000;
const DAY_S = 86_400;

const plans: PlanConfig = {
  businessPlan: {
    productId: 'prod_business',
    name: 'Business',
    monthly: 1199,
    yearly: 999,
    currency: 'USD',
  },
  standardPlan: {
    productId: 'prod_standard',
    name: 'Standard',
    monthly: 599,
    yearly: 499,
    currency: 'USD',
  },
  starterPlan: {
    productId: 'prod_starter',
    name: 'Starter',
    monthly: 299,
    yearly: 249,
    currency: 'USD',
  },
};

function sub(values: Partial<Subscription>): Subscription {
  return {
    status: 'active',
    periodEndsAt: NOW_S + DAY_S,
    trialEndsAt: null,
    productId: 'prod_starter',
    ...values,
  };
}

describe('subscriptionState', () => {
  it.each<[Partial<Subscription>, string]>([
    [{ status: 'active', periodEndsAt: NOW_S + DAY_S }, 'paid'],
    [{ status: 'active', periodEndsAt: NOW_S - DAY_S }, 'period_ended'],
    [{ status: 'active', periodEndsAt: NOW_S }, 'period_ended'],
    [{ status: 'active', periodEndsAt: null }, 'period_ended'],
    [{ status: 'trialing', trialEndsAt: NOW_S + 1 }, 'on_trial'],
    [{ status: 'trialing', trialEndsAt: NOW_S - 1 }, 'trial_ended'],
    [{ status: 'trialing', trialEndsAt: null }, 'trial_ended'],
    [{ status: 'past_due' }, 'period_ended'],
    [{ status: 'canceled' }, 'period_ended'],
  ])('%j is %s', (values, expected) => {
    expect(subscriptionState(sub(values), NOW_MS)).toBe(expected);
  });

  it('is none without a subscription', () => {
    expect(subscriptionState(null, NOW_MS)).toBe('none');
    expect(subscriptionState(undefined, NOW_MS)).toBe('none');
  });
});

describe('subscriptionTier', () => {
  it('matches the plan by productId', () => {
    expect(subscriptionTier(sub({ productId: 'prod_business' }), plans)).toBe('business');
    expect(subscriptionTier(sub({ productId: 'prod_standard' }), plans)).toBe('standard');
    expect(subscriptionTier(sub({ productId: 'prod_starter' }), plans)).toBe('starter');
    expect(subscriptionTier(sub({ productId: 'prod_other' }), plans)).toBe('none');
    expect(subscriptionTier(null, plans)).toBe('none');
  });

  it('checks business, then standard, then starter', () => {
    const same: PlanConfig = {
      businessPlan: { ...plans.businessPlan, productId: 'p' },
      standardPlan: { ...plans.standardPlan, productId: 'p' },
      starterPlan: { ...plans.starterPlan, productId: 'p' },
    };
    expect(subscriptionTier(sub({ productId: 'p' }), same)).toBe('business');
    expect(
      subscriptionTier(sub({ productId: 'p' }), { ...same, businessPlan: plans.businessPlan }),
    ).toBe('standard');
  });
});

describe('hasSubscriberAccess', () => {
  it('grants access without a subscription', () => {
    expect(hasSubscriberAccess(null, plans, NOW_MS)).toBe(true);
    expect(hasSubscriberAccess(undefined, plans, NOW_MS)).toBe(true);
  });

  it('grants access when paid or on trial for a known plan', () => {
    expect(hasSubscriberAccess(sub({}), plans, NOW_MS)).toBe(true);
    expect(
      hasSubscriberAccess(sub({ status: 'trialing', trialEndsAt: NOW_S + DAY_S }), plans, NOW_MS),
    ).toBe(true);
  });

  it('refuses ended periods, ended trials and unknown products', () => {
    expect(hasSubscriberAccess(sub({ status: 'canceled' }), plans, NOW_MS)).toBe(false);
    expect(hasSubscriberAccess(sub({ status: 'past_due' }), plans, NOW_MS)).toBe(false);
    expect(
      hasSubscriberAccess(sub({ status: 'trialing', trialEndsAt: NOW_S - DAY_S }), plans, NOW_MS),
    ).toBe(false);
    expect(hasSubscriberAccess(sub({ productId: 'prod_other' }), plans, NOW_MS)).toBe(false);
  });
});

describe('subscriptionSchema and planNames', () => {
  it('parses a subscription and rejects unknown statuses', () => {
    expect(subscriptionSchema.parse(sub({}))).toEqual(sub({}));
    expect(subscriptionSchema.safeParse({ ...sub({}), status: 'incomplete' }).success).toBe(false);
  });

  it('builds the plan names from the brand', () => {
    expect(planNames('Kindling')).toEqual(['Kindling Free Plan', 'Kindling Trailblazer Plan']);
  });

  it('names the Trailblazer plan only while a paid plan runs or is on trial', () => {
    const names = Object.fromEntries(
      SUBSCRIPTION_STATES.map((state) => [state, currentPlanName('Ember', state)]),
    );
    expect(names).toEqual({
      paid: 'Ember Trailblazer Plan',
      on_trial: 'Ember Trailblazer Plan',
      trial_ended: 'Ember Free Plan',
      period_ended: 'Ember Free Plan',
      none: 'Ember Free Plan',
    });
  });
});
