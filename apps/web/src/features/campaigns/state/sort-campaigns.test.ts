import type { PerformanceFigures, VerdictState } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { parseSort, sortCampaigns } from './sort-campaigns';

/** A campaign whose verdict names variant 2 with `uplift`, or says `state` and names none. */
const figures = (
  views: number,
  conversions: number,
  uplift: number | null,
  state: VerdictState = uplift === null ? 'keep_running' : 'winner',
) =>
  ({
    views,
    conversions,
    conversionRate: views === 0 ? 0 : conversions / views,
    verdict: {
      elementId: 1,
      state,
      variantId: uplift === null ? null : 2,
      method: 'sequential',
      metricId: null,
      summary: 'The API’s sentence.',
      visitorsNeeded: null,
      uplift: uplift === null ? null : { estimate: uplift, interval: [0, 1], level: 0.95 },
    },
    enoughData: views >= 100,
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
  [4, figures(50, 10, null, 'not_enough_data')],
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

  it('ranks the uplift the API gives with its verdict, the others after in list order', () => {
    expect(ids('uplift')).toEqual([3, 2, 4, 1]);
  });

  it('ranks nothing the API does not name (no uplift without a variant in the verdict)', () => {
    const running = new Map(byId).set(1, figures(300, 90, null, 'keep_running'));
    expect(sortCampaigns(campaigns, running, 'uplift').map((c) => c.id)).toEqual([3, 2, 4, 1]);
    const noElements = new Map(byId).set(1, { ...figures(0, 0, null), verdict: null });
    expect(sortCampaigns(campaigns, noElements, 'uplift').map((c) => c.id)).toEqual([3, 2, 4, 1]);
  });

  it('reads the sort from the address, the default for anything else', () => {
    expect(parseSort('uplift')).toBe('uplift');
    expect(parseSort('drop table')).toBe('newest');
    expect(parseSort(null)).toBe('newest');
  });
});
