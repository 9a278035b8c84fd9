import { describe, expect, it } from 'vitest';
import { campaignTotals } from './campaign-totals';

const arm = (elementId: number, variantId: number | null, exposures: number) => ({
  elementId,
  variantId,
  exposures,
  visitors: exposures - 1,
  sessions: exposures - 2,
  revenue: 0,
  applied: 0,
  missed: 0,
  medianAppliedMs: null,
});

describe('campaignTotals', () => {
  it("adds up the arms of the element seen most, with its goals' conversions", () => {
    const totals = campaignTotals({
      campaignId: 1,
      // Element 2 was added later: its arms hold only part of the traffic.
      arms: [arm(1, null, 10), arm(1, 5, 12), arm(2, null, 3)],
      goals: [
        { elementId: 1, variantId: null, goalId: 7, goalSessions: 4, conversions: 2 },
        { elementId: 1, variantId: 5, goalId: 7, goalSessions: 6, conversions: 3 },
        { elementId: 2, variantId: null, goalId: 7, goalSessions: 1, conversions: 1 },
      ],
    });
    expect(totals).toEqual({ views: 22, visitors: 20, sessions: 18, conversions: 5 });
  });

  it('answers null before any exposure', () => {
    expect(campaignTotals({ campaignId: 1, arms: [], goals: [] })).toBeNull();
    expect(campaignTotals({ campaignId: 1, arms: [arm(1, null, 0)], goals: [] })).toBeNull();
  });
});
