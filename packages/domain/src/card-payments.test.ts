import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema, subscriptionStatusFromProvider } from './card-payments';
import { subscriptionStatusSchema, subscriptionState } from './subscription';

describe('subscriptionStatusFromProvider', () => {
  it('keeps the four statuses the spec shows', () => {
    for (const status of subscriptionStatusSchema.options) {
      expect(subscriptionStatusFromProvider(status)).toBe(status);
    }
  });

  it('maps the provider-only statuses', () => {
    expect(subscriptionStatusFromProvider('incomplete')).toBe('past_due');
    expect(subscriptionStatusFromProvider('unpaid')).toBe('past_due');
    expect(subscriptionStatusFromProvider('incomplete_expired')).toBe('canceled');
    expect(subscriptionStatusFromProvider('paused')).toBe('trialing');
  });

  it('never grants access for a status it does not know', () => {
    const known = ['active', 'trialing', 'past_due', 'canceled', 'paused'];
    fc.assert(
      fc.property(
        fc.string().filter((status) => !known.includes(status)),
        (status) => {
          const mapped = subscriptionStatusFromProvider(status);
          const state = subscriptionState(
            { status: mapped, periodEndsAt: 4_000_000_000, trialEndsAt: null, productId: 'p' },
            Date.now(),
          );
          expect(state === 'paid' || state === 'on_trial').toBe(false);
        },
      ),
    );
  });

  it('reads a paused subscription as trial ended', () => {
    const nowMs = Date.UTC(2026, 0, 1);
    const status = subscriptionStatusFromProvider('paused');
    expect(
      subscriptionState(
        { status, periodEndsAt: null, trialEndsAt: nowMs / 1000 - 60, productId: 'p' },
        nowMs,
      ),
    ).toBe('trial_ended');
  });
});

describe('checkoutRequestSchema', () => {
  it('takes a tier and an interval', () => {
    expect(checkoutRequestSchema.parse({ tier: 'standard', interval: 'year' })).toEqual({
      tier: 'standard',
      interval: 'year',
    });
  });

  it('refuses anything else with a clear message', () => {
    const result = checkoutRequestSchema.safeParse({ tier: 'gold', interval: 'week' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose a plan: starter, standard or business.',
      'Choose monthly or yearly billing.',
    ]);
  });
});
