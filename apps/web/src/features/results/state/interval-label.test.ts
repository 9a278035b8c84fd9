import { describe, expect, it } from 'vitest';
import { comparedLabel, intervalLabel, intervalTitle } from './interval-label';

describe('interval labels (spec section 9)', () => {
  it('reads hourly data as "h:mm a" in the user zone', () => {
    expect(intervalLabel('2026-03-04T14:00:00Z', 'hour', 'UTC')).toBe('2:00 PM');
    expect(intervalLabel('2026-03-04T14:00:00Z', 'hour', 'America/New_York')).toBe('9:00 AM');
    expect(intervalLabel('2026-03-04T18:00:00Z', 'quarterDay', 'UTC')).toBe('6:00 PM');
  });

  it('reads longer intervals as "M/d"', () => {
    expect(intervalLabel('2026-03-04T00:00:00Z', 'day', 'UTC')).toBe('3/4');
    // Midnight in Berlin is still the previous day in UTC.
    expect(intervalLabel('2026-03-03T23:00:00Z', 'week', 'Europe/Berlin')).toBe('3/4');
    expect(intervalLabel('2026-12-01T00:00:00Z', 'month', 'UTC')).toBe('12/1');
  });

  it('says "<date> vs <comparison date>" when comparing', () => {
    expect(comparedLabel('2026-03-11T00:00:00Z', '2026-03-04T00:00:00Z', 'day', 'UTC')).toBe(
      '3/11 vs 3/4',
    );
    expect(comparedLabel('2026-03-11T00:00:00Z', null, 'day', 'UTC')).toBe('3/11');
  });

  it('titles hourly points with their day', () => {
    expect(intervalTitle('2026-03-04T14:00:00Z', 'hour', 'UTC')).toBe('Mar 4, 2:00 PM');
    expect(intervalTitle('2026-03-04T00:00:00Z', 'day', 'UTC')).toBe('Mar 4, 2026');
  });
});
