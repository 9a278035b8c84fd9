import { describe, expect, it } from 'vitest';
import { filtersFromSearch, queryOf, searchOf } from './audit-filters';

describe('the audit log filters', () => {
  it('reads what the address holds and leaves out what it does not understand', () => {
    const search = new URLSearchParams(
      'entity=variants&actor=user:7&from=2026-11-01&to=2026-11-28&campaignId=12',
    );
    expect(filtersFromSearch(search)).toEqual({
      entity: 'variants',
      actor: 'user:7',
      from: '2026-11-01',
      to: '2026-11-28',
      campaignId: 12,
    });
    expect(
      filtersFromSearch(new URLSearchParams('entity=users&actor=root&from=yesterday&campaignId=x')),
    ).toEqual({});
  });

  it('asks the API from the first day at midnight to the end of the last day', () => {
    const query = queryOf({ entity: 'campaigns', from: '2026-11-01', to: '2026-11-28' });
    expect(query.entity).toBe('campaigns');
    expect(new Date(query.from as string).getDate()).toBe(1);
    expect(new Date(query.from as string).getHours()).toBe(0);
    expect(new Date(query.to as string).getDate()).toBe(29);
    expect(new Date(query.to as string).getHours()).toBe(0);
  });

  it('keeps only the filters set in the address', () => {
    expect(searchOf({ entity: 'goals', actor: undefined, campaignId: 3 })).toEqual({
      entity: 'goals',
      campaignId: '3',
    });
  });
});
