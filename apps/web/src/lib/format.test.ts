import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, formatShare, formatTimeAgo } from './format';

describe('formatTimeAgo', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (ms: number) => formatTimeAgo(new Date(now - ms).toISOString(), now);

  it('says "just now" under 45 seconds and counts whole units after', () => {
    expect(ago(10_000)).toBe('just now');
    expect(ago(50_000)).toBe('50 seconds ago');
    expect(ago(5 * 60_000 + 59_000)).toBe('5 minutes ago');
    expect(ago(3 * 3_600_000)).toBe('3 hours ago');
    expect(ago(26 * 3_600_000)).toBe('yesterday');
    expect(ago(3 * 86_400_000)).toBe('3 days ago');
    expect(ago(400 * 86_400_000)).toBe('last year');
  });

  it('answers nothing for a time it cannot read', () => {
    expect(formatTimeAgo('not a date', now)).toBe('');
  });
});

describe('counts and shares', () => {
  it('separate thousands and show a share to one decimal', () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatShare(0.975)).toBe('97.5%');
    expect(formatShare(1)).toBe('100%');
    expect(formatShare(0.12345)).toBe('12.3%');
  });
});

describe('formatPrice', () => {
  it('shows the currency, and cents only when there are some', () => {
    expect(formatPrice(299, 'USD')).toBe('$299');
    expect(formatPrice(1199, 'EUR')).toBe('€1,199');
    expect(formatPrice(9.5, 'GBP')).toBe('£9.50');
  });
});
