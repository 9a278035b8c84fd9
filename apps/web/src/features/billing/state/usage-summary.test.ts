import { describe, expect, it } from 'vitest';
import { usageSummary } from './usage-summary';

const usage = (...exposures: number[]) => ({
  months: exposures.map((count, index) => ({ month: `2026-0${index + 1}`, exposures: count })),
});

describe('usage summary', () => {
  it("measures this month against the plan's allowance", () => {
    expect(usageSummary(usage(10, 25_000), 'starter')).toEqual({
      thisMonth: 25_000,
      allowance: 100_000,
      share: 0.25,
      showAllowance: true,
    });
    expect(usageSummary(usage(600_000, 1_000), 'standard')).toMatchObject({
      share: 0.002,
      showAllowance: true,
    });
  });

  it('leaves the allowance line out while usage is far below it', () => {
    expect(usageSummary(usage(1_000, 2_000), 'business').showAllowance).toBe(false);
  });

  it('has no allowance without a plan', () => {
    expect(usageSummary(usage(5), 'none')).toEqual({
      thisMonth: 5,
      allowance: null,
      share: null,
      showAllowance: false,
    });
    expect(usageSummary({ months: [] }, 'none').thisMonth).toBe(0);
  });
});
