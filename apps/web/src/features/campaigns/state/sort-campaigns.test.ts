import type { PerformanceFigures } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { parseSort, sortCampaigns } from './sort-campaigns';

const figures = (
  views: number,
  conversions: number,
  uplift: number | null,
  enoughData = true,
  chanceToBeatControl: number | null = 0.5,
) =>
  ({
    views,
    conversions,
    conversionRate: views === 0 ? 0 : conversions / views,
    bestVariant:
      uplift === null ? null : { elementId: 1, variantId: 2, uplift, chanceToBeatControl },
    enoughData,
    last30Days: { views, conversions, daily: [] },
  }) satisfies PerformanceFigures;

// Newest first, as the server lists them.
const campaigns = [
  { id: 4, name: 'beta' },
  { id: 3, name: 'Alpha 10' },
  { id: 2, name: 'alpha 9' },
  { id: 1, name: 'Gamma' },
];
const byId = new Map<number, PerformanceFigures>([
  [4, figures(50, 10, 0.9, false)],
  [3, figures(400, 20, 0.1)],
  [2, figures(400, 40, -0.2)],
]);
const ids = (sort: Parameters<typeof sortCampaigns>[2]) =>
  sortCampaigns(campaigns, byId, sort).map((c) => c.id);

describe('sortCampaigns', () => {
  it('keeps the newest first by default and sorts names as people read them', () => {
    expect(ids('newest')).toEqual([4, 3, 2, 1]);
    expect(ids('name')).toEqual([2, 3, 4, 1]);
  });

  it('puts the highest numbers first, ties in list order, campaigns without figures last', () => {
    expect(ids('views')).toEqual([3, 2, 4, 1]);
    expect(ids('conversionRate')).toEqual([4, 2, 3, 1]);
  });

  it('ranks uplift only where the row shows one (enough data)', () => {
    expect(ids('uplift')).toEqual([3, 2, 4, 1]);
  });

  it('ranks no uplift the server left without a chance (below the minimum sample)', () => {
    const belowSample = new Map(byId).set(1, figures(300, 90, 2, true, null));
    expect(sortCampaigns(campaigns, belowSample, 'uplift').map((c) => c.id)).toEqual([3, 2, 4, 1]);
  });

  it('reads the sort from the address, the default for anything else', () => {
    expect(parseSort('uplift')).toBe('uplift');
    expect(parseSort('drop table')).toBe('newest');
    expect(parseSort(null)).toBe('newest');
  });
});
